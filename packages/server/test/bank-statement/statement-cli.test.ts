import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { TestUser } from '../../src/test/factories.ts';
import { runStatementImport } from '../../src/modules/bank-statement/bank-statement.cli.ts';
import { insertUser } from '../../src/test/factories.ts';
import { testDbKind } from '../../src/test/test-db.ts';
import { fixture, spacedLower, typo } from './statement-helpers.ts';

describe.skipIf(testDbKind() === 'pg')('pnpm cli statement:import', () => {
  let dir: string;
  let env: Record<string, string>;
  let admin: TestUser;
  let alice: TestUser;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-statement-cli-'));
    env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
    const setup = await openDatabase(loadConfig(env), 'test setup');
    try {
      admin = await insertUser(setup.db, { accountType: 'admin', email: 'ops@example.com' });
      alice = await insertUser(setup.db);
      // Statements are read only for the platform's own deposit account (#27).
      await setup.db
        .insertInto('deposit_account')
        .values({
          id: crypto.randomUUID(),
          account_number: '4000-1234-56',
          bank_name: 'First Dollar Bank',
          account_holder: 'Vestora Ltd',
          bic: null,
          updated_at: new Date(),
        })
        .execute();
    } finally {
      await setup.close();
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('imports a file as the named admin’s proposal, refuses a non-admin, and adds nothing the second time', async () => {
    const file = path.join(dir, 'statement.xml');
    fs.writeFileSync(
      file,
      fixture('camt053-v02-bank-a.xml', {
        ACCOUNT: '4000123456',
        REF_ALICE: alice.deposit_reference,
        REF_ALICE_TYPO: typo(alice.deposit_reference),
        REF_BOB: alice.deposit_reference,
        REF_BOB_SPACED_LOWER: spacedLower(alice.deposit_reference),
        REF_CAROL: alice.deposit_reference,
      }),
    );
    const out: string[] = [];
    expect(await runStatementImport([file], env, (l) => out.push(l))).toBe(2);
    expect(out.pop()).toMatch(/^Usage: pnpm cli statement:import/);
    expect(await runStatementImport([file, '--as', alice.email], env, (l) => out.push(l))).toBe(1);
    expect(out.pop()).toMatch(/is not an administrator/);
    expect(await runStatementImport([file, '--as', admin.email], env, (l) => out.push(l))).toBe(0);
    expect(out.pop()).toMatch(
      /: 6 new line\(s\), 0 already imported, 2 matched, 4 exception\(s\)\. Another administrator/,
    );
    expect(await runStatementImport([file, '--as', admin.email], env, (l) => out.push(l))).toBe(0);
    expect(out.pop()).toMatch(/: 0 new line\(s\), 6 already imported/);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('10480.00', '10481.00'));
    expect(await runStatementImport([file, '--as', admin.email], env, (l) => out.push(l))).toBe(1);
    expect(out.pop()).toMatch(/does not add up/);
  });
});
