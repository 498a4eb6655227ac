import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/open.ts';
import { runTreasuryFund } from '../../src/modules/trade/trade.cli.ts';
import { platformAccountId } from '../../src/modules/money/money.journal.repo.ts';

// `pnpm cli treasury:fund` on the embedded database, opened the way the CLI opens it (a temp DATA_DIR).
describe('pnpm cli treasury:fund (runTreasuryFund)', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-treasury-cli-'));
    env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const fail = (message: string, code: number): never => {
    throw Object.assign(new Error(message), { exitCode: code });
  };

  it('funds the treasury at once, audited as the server operator; refuses bad arguments and amounts', async () => {
    const lines: string[] = [];
    expect(
      await runTreasuryFund(['--asset', 'btc', '--amount', '1.5', '--reason', 'cold wallet'], fail, env, (l) =>
        lines.push(l),
      ),
    ).toBe(0);
    expect(lines).toEqual(['The treasury now holds 1.50000000 BTC.']);
    await expect(runTreasuryFund(['--asset', 'BTC', '--amount', '1'], fail, env)).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(
      runTreasuryFund(['--asset', 'BTC', '--amount', '0.000000001', '--reason', 'x'], fail, env),
    ).rejects.toThrow('Amount can have at most 8 decimals');
    await expect(runTreasuryFund(['--asset', 'NOPE', '--amount', '1', '--reason', 'x'], fail, env)).rejects.toThrow(
      'No asset NOPE is listed.',
    );
    const db = await openDatabase(loadConfig(env), 'test check');
    try {
      const t = await db.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('id', '=', platformAccountId('treasury', 'BTC'))
        .executeTakeFirstOrThrow();
      expect(t.balance).toBe('150000000');
      const audit = await db.db.selectFrom('audit_log').selectAll().where('action', '=', 'treasury.fund').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor_id).toBeNull();
    } finally {
      await db.close();
    }
  });
});
