import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { TestUser } from '../../src/test/factories.ts';
import { runLedgerVerify } from '../../src/modules/ledger/ledger.cli.ts';
import { callerAs, insertUser, confirmDeposit, secondAdmin } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { testDbKind, testPostgresUrl } from '../../src/test/test-db.ts';
import { DETAILS, failure, newKey } from './money-helpers.ts';

describe('ledger.list and ledger.verify', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    user = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(() => t.close());

  it('every balance change shows up as a signed entry, newest first, with the balance after it', async () => {
    const u = callerAs(t, user);
    const d = await u.deposit.request({ amount: 40, reference: 'L-1', idempotencyKey: newKey() });
    await confirmDeposit(t, admin, await secondAdmin(t), { id: d.id });
    const w = await u.withdrawal.request({
      amount: 15.5,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    await u.withdrawal.cancel({ id: w.id });

    const page = await u.ledger.list({});
    expect(page.items.map((e) => [e.kind, e.amount, e.balanceAfter, e.refType])).toEqual([
      ['withdrawal_release', 15.5, 140, 'withdrawal'],
      ['withdrawal_hold', -15.5, 124.5, 'withdrawal'],
      ['deposit', 40, 140, 'deposit'],
      ['adjustment', 100, 100, 'adjustment'],
    ]);
    // The deposit's entry names the admin whose approval credited it (#27).
    expect(page.items[2]).toMatchObject({ refId: d.id, actorId: (await secondAdmin(t)).id, userEmail: user.email });
    expect(page.items[0]!.refId).toBe(w.id);

    const holds = await u.ledger.list({ kind: 'withdrawal_hold' });
    expect(holds.items.map((e) => e.refId)).toEqual([w.id]);
    const p1 = await u.ledger.list({ limit: 3 });
    const p2 = await u.ledger.list({ limit: 3, cursor: p1.nextCursor! });
    expect([...p1.items, ...p2.items].map((e) => e.id)).toEqual(page.items.map((e) => e.id));
    expect(p2.nextCursor).toBeNull();
  });

  it('verify answers ok when every balance equals its ledger sum', async () => {
    const r = await callerAs(t, admin).ledger.verify();
    expect(r).toEqual({
      ok: true,
      checkedUsers: 3, // the member, the admin and the second admin who approved (#27)
      mismatchCount: 0,
      mismatches: [],
      platform: { ok: true, difference: 0 },
      assets: expect.any(Array),
    });
    // Every asset's books balance; USD holds the member's (available, withdrawal hold, invested, order hold), the
    // admins' and the platform's accounts.
    for (const a of r.assets) expect(a).toMatchObject({ accountMismatches: 0, unbalancedMovements: 0, total: '0' });
    expect(r.assets.map((a) => a.asset)).toEqual(expect.arrayContaining(['USD', 'BTC', 'ETH']));
    // The platform's ten accounts per asset (bank fees since #34, network fees since #32's payout batches); a
    // member's four (the order hold since #31).
    expect(r.assets.find((a) => a.asset === 'USD')!.accounts).toBe(3 * 4 + 10);
  });

  it('verify reports a balance written behind the ledger\u2019s back, with both figures', async () => {
    const other = await startTestApp();
    try {
      const a = await insertUser(other.handle.db, { tier: 1, balanceCents: 10_00 });
      const b = await insertUser(other.handle.db, { tier: 1, balanceCents: 20_00 });
      const ad = await insertUser(other.handle.db, { accountType: 'admin' });
      // The overview loaded before the overwrite records a good check (none was recorded yet).
      const before = await callerAs(other, ad).overview.admin();
      expect(before).toMatchObject({ ledgerOk: true, platform: { ok: true, difference: 0 } });
      // The silent overwrite the ledger exists to catch.
      await other.handle.db
        .updateTable('ledger_accounts')
        .set({ balance: String(12_34) })
        .where('user_id', '=', a.id)
        .where('kind', '=', 'available')
        .execute();
      const r = await callerAs(other, ad).ledger.verify();
      expect(r).toEqual({
        ok: false,
        checkedUsers: 3,
        mismatchCount: 1,
        mismatches: [{ userId: a.id, balance: 12.34, ledgerSum: 10 }],
        // The platform check sees the same $2.34 that no deposit, payout or adjustment explains.
        platform: { ok: false, difference: 2.34 },
        assets: expect.any(Array),
      });
      // The USD journal sees it too: one account off its postings, and books that no longer sum to zero.
      expect(r.assets.find((x) => x.asset === 'USD')).toMatchObject({
        accountMismatches: 1,
        unbalancedMovements: 0,
        total: '234',
      });
      expect(r.mismatches.some((m) => m.userId === b.id)).toBe(false);
      // ledger.verify records its result: the overview now shows the failed check and when it ran.
      const after = await callerAs(other, ad).overview.admin();
      expect(after).toMatchObject({ ledgerOk: false, platform: { ok: false, difference: 2.34 } });
      expect(Date.parse(after.ledgerCheckedAt)).toBeGreaterThanOrEqual(Date.parse(before.ledgerCheckedAt));
    } finally {
      await other.close();
    }
  });

  it('a malformed cursor is a 400', async () => {
    expect(await failure(callerAs(t, admin).ledger.list({ cursor: '1; drop table users' }))).toMatchObject({
      status: 400,
    });
  });
});

describe('pnpm cli ledger:verify (runLedgerVerify)', () => {
  // A database of its own, opened the way the CLI opens it: a temp DATA_DIR, or a fresh PostgreSQL database.
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    if (testDbKind() === 'pglite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-ledger-cli-'));
      env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const base = testPostgresUrl()!;
      const name = `vestora_cli_${randomBytes(4).toString('hex')}`;
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      const url = new URL(base);
      url.pathname = `/${name}`;
      env = { DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' };
      cleanup = async () => {
        const d = new pg.Client({ connectionString: base });
        await d.connect();
        await d.query(`drop database if exists ${name} with (force)`);
        await d.end();
      };
    }
  });
  afterAll(() => cleanup());

  it('exits 0 with a summary when the ledger matches, 1 with the difference when it does not', async () => {
    const setup = await openDatabase(loadConfig(env), 'test setup');
    let tampered: TestUser;
    try {
      await insertUser(setup.db, { tier: 1, balanceCents: 5_00 });
      tampered = await insertUser(setup.db, { tier: 1, balanceCents: 7_00 });
    } finally {
      await setup.close();
    }
    const lines: string[] = [];
    expect(await runLedgerVerify(env, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toMatch(/^Ledger OK: 2 user\(s\) checked/);
    expect(lines[1]).toBe(
      'Platform OK: balances + open principal + held for withdrawals = deposits − paid withdrawals + interest + referral rewards + adjustments + dollars from trades (sales − buys).',
    );
    expect(lines[2]).toBe('Journal OK: 8 asset(s); every movement sums to zero and every account equals its postings.');

    const again = await openDatabase(loadConfig(env), 'test tamper');
    try {
      await sql`update ledger_accounts set balance = balance + 150
        where user_id = ${tampered.id} and kind = 'available'`.execute(again.db);
    } finally {
      await again.close();
    }
    lines.length = 0;
    expect(await runLedgerVerify(env, (l) => lines.push(l))).toBe(1);
    expect(lines[0]).toBe('Ledger MISMATCH: 1 of 2 user(s) have a balance that differs from their ledger:');
    expect(lines[1]).toBe(`  user ${tampered.id}: balance $8.50, ledger sum $7.00, difference $1.50`);
    expect(lines[2]).toBe('Platform MISMATCH: money held differs from money sourced by $1.50.');
    expect(lines[3]).toBe(
      'Journal MISMATCH: USD: 1 account(s) differ from their postings, 0 unbalanced movement(s), books sum to 150.',
    );
    expect(lines).toHaveLength(4);

    // Every balance equals its entries again, and a balanced movement says the platform paid $2.00 of interest
    // into suspense: the journal balances, no member's balance has it, so the platform check does not pass.
    const third = await openDatabase(loadConfig(env), 'test platform tamper');
    try {
      await sql`update ledger_accounts set balance = balance - 150
        where user_id = ${tampered.id} and kind = 'available'`.execute(third.db);
      await third.db.transaction().execute(async (trx) => {
        const id = randomUUID();
        await sql`insert into ledger_movements (id, asset, kind, ref_type, ref_id, memo, created_at)
          values (${id}, 'USD', 'interest', 'investment', ${randomUUID()}, 'tampered', now())`.execute(trx);
        await sql`insert into ledger_postings (id, movement_id, account_id, asset, amount)
          select gen_random_uuid(), ${id}, a.id, 'USD', leg.amount
          from (values ('interest_expense', -200), ('suspense', 200)) as leg(kind, amount)
          join ledger_accounts a on a.kind = leg.kind and a.asset = 'USD' and a.user_id is null`.execute(trx);
      });
    } finally {
      await third.close();
    }
    lines.length = 0;
    expect(await runLedgerVerify(env, (l) => lines.push(l))).toBe(1);
    expect(lines[0]).toMatch(/^Ledger OK: 2 user\(s\) checked/);
    expect(lines[1]).toBe('Platform MISMATCH: money held differs from money sourced by -$2.00.');
  });
});
