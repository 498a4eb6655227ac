// Issue #27: two admins approving the same proposal at the same moment credit it once (PostgreSQL: the calls
// run on separate pool connections and genuinely contend for the proposal's row).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { balanceOf, expectLedgerConsistent, newKey } from '../money/money-helpers.ts';

async function together<T>(calls: (() => Promise<T>)[]) {
  const settled = await Promise.allSettled(calls.map((c) => c()));
  return {
    ok: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
    failed: settled.flatMap((s) => (s.status === 'rejected' ? [toPublicError(s.reason)] : [])),
  };
}

describe('approvals under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let proposer: TestUser;
  let approvers: TestUser[];
  beforeAll(async () => {
    t = await startTestApp();
    if (t.handle.kind !== 'postgres')
      throw new Error('concurrency proofs need PostgreSQL (run the integration-pg project)');
    proposer = await insertUser(t.handle.db, { accountType: 'admin' });
    approvers = [];
    for (let i = 0; i < 6; i++) approvers.push(await insertUser(t.handle.db, { accountType: 'admin' }));
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  it('six admins approve one balance adjustment at once: credited once, the others get 409', async () => {
    const member = await insertUser(t.handle.db);
    const { approval } = await callerAs(t, proposer).user.update({
      id: member.id,
      version: member.version,
      balance: 100,
      reason: 'goodwill',
    });
    const { ok, failed } = await together(
      approvers.map((a) => () => callerAs(t, a).approval.approve({ id: approval!.id })),
    );
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(5);
    for (const f of failed) expect(f.status).toBe(409);
    expect(await balanceOf(t.handle.db, member.id)).toBe(100_00);
    const entries = await t.handle.db
      .selectFrom('ledger_entries')
      .select('amount_cents')
      .where('user_id', '=', member.id)
      .execute();
    expect(entries.map((e) => Number(e.amount_cents))).toEqual([100_00]);
  });

  it('a hand-confirmed deposit approved through approval.approve and deposit.review at once: credited once', async () => {
    const member = await insertUser(t.handle.db);
    const d = await callerAs(t, member).deposit.request({ amount: 40, reference: 'TRF-C', idempotencyKey: newKey() });
    const { approval } = await callerAs(t, proposer).deposit.review({ id: d.id, decision: 'confirm' });
    const { ok, failed } = await together<unknown>([
      ...approvers.slice(0, 3).map((a) => () => callerAs(t, a).approval.approve({ id: approval!.id })),
      ...approvers.slice(3).map((a) => () => callerAs(t, a).deposit.review({ id: d.id, decision: 'confirm' })),
    ]);
    expect(ok).toHaveLength(1);
    for (const f of failed) expect(f.status).toBe(409);
    expect(await balanceOf(t.handle.db, member.id)).toBe(40_00);
  });
});
