import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { balanceOf, expectLedgerConsistent } from '../money/money-helpers.ts';
import { fixture, spacedLower, typo } from './statement-helpers.ts';

// Exactly once under real concurrency (PostgreSQL): imports of the same file and approvals of the same
// statement running at the same time through the pool.

async function together<T>(calls: (() => Promise<T>)[]) {
  const settled = await Promise.allSettled(calls.map((c) => c()));
  return {
    ok: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
    failed: settled.flatMap((s) => (s.status === 'rejected' ? [toPublicError(s.reason)] : [])),
  };
}

describe('statements under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let importers: TestUser[];
  let approvers: TestUser[];
  let alice: TestUser;
  let bob: TestUser;
  let content: string;
  beforeAll(async () => {
    t = await startTestApp();
    if (t.handle.kind !== 'postgres')
      throw new Error('concurrency proofs need PostgreSQL (run the integration-pg project)');
    importers = [];
    approvers = [];
    for (let i = 0; i < 4; i++) importers.push(await insertUser(t.handle.db, { accountType: 'admin' }));
    for (let i = 0; i < 4; i++) approvers.push(await insertUser(t.handle.db, { accountType: 'admin' }));
    alice = await insertUser(t.handle.db);
    bob = await insertUser(t.handle.db);
    await setDepositAccount(t, importers[0]!, {
      accountNumber: '4000123456',
      bankName: 'First Dollar Bank',
      accountHolder: 'Vestora Ltd',
    });
    content = fixture('camt053-v02-bank-a.xml', {
      ACCOUNT: '4000123456',
      REF_ALICE: alice.deposit_reference,
      REF_ALICE_TYPO: typo(alice.deposit_reference),
      REF_BOB: bob.deposit_reference,
      REF_BOB_SPACED_LOWER: spacedLower(bob.deposit_reference),
      REF_CAROL: bob.deposit_reference,
    });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  it('the same file imported four times at once stores each line once', async () => {
    const { ok, failed } = await together(
      importers.map((a) => () => callerAs(t, a).statement.import({ format: 'camt053', content })),
    );
    expect(failed).toEqual([]);
    expect(ok.map((r) => r.lines).sort()).toEqual([0, 0, 0, 6]);
    expect(new Set(ok.map((r) => r.statementId)).size).toBe(1);
    const lines = await t.handle.db.selectFrom('statement_lines').select('id').execute();
    expect(lines).toHaveLength(6);
  });

  it('four admins approving at once apply the credits once', async () => {
    const [st] = await callerAs(t, approvers[0]!).statement.list();
    const { ok, failed } = await together(
      approvers.map((a) => () => callerAs(t, a).statement.approve({ statementId: st!.id })),
    );
    expect(ok).toHaveLength(1);
    expect(failed.map((f) => [f.status, f.message])).toEqual(
      Array(3).fill([409, 'This statement was already approved.']),
    );
    expect(await balanceOf(t.handle.db, alice.id)).toBe(25_000);
    expect(await balanceOf(t.handle.db, bob.id)).toBe(10_000);
    const uses = await t.handle.db.selectFrom('statement_line_uses').select('line_id').execute();
    expect(uses).toHaveLength(2);
    expect((await callerAs(t, approvers[0]!).ledger.verify()).ok).toBe(true);
  });
});
