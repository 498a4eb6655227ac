import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { callerAs, confirmDeposit, insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { balanceOf, DETAILS, entriesFor, expectLedgerConsistent, ledgerState, newKey } from './money-helpers.ts';

// Real concurrency on PostgreSQL: every call below runs at the same time through the pg pool (10
// connections), so transactions genuinely interleave and contend for the same rows.

/** Fires every call at once and sorts the outcomes. */
async function together<T>(calls: (() => Promise<T>)[]) {
  const settled = await Promise.allSettled(calls.map((c) => c()));
  const ok = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const reasons = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  const failed = reasons.map((r) => toPublicError(r));
  return { ok, failed, reasons };
}
const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

describe('money under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    // One test below has each person report 8 deposits at once (the pending cap has its own test).
    t = await startTestApp({ env: { MAX_PENDING_DEPOSITS: '8' } });
    if (t.handle.kind !== 'postgres')
      throw new Error('concurrency proofs need PostgreSQL (run the integration-pg project)');
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  it('50 concurrent withdrawals of $10 against $100: exactly 10 succeed, 40 are refused, balance ends at 0', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    const me = callerAs(t, u);
    const { ok, failed } = await together(
      times(
        50,
        () => () =>
          me.withdrawal.request({ amount: 10, method: 'bank', details: DETAILS.bank, idempotencyKey: newKey() }),
      ),
    );
    expect(ok).toHaveLength(10);
    expect(failed).toHaveLength(40);
    for (const f of failed) {
      expect(f.status).toBe(422);
      expect(f.message).toBe('Insufficient funds: your balance does not cover this amount.');
    }
    expect(await balanceOf(t.handle.db, u.id)).toBe(0);
    const [state] = (await ledgerState(t.handle.db)).filter((s) => s.id === u.id);
    expect(state).toMatchObject({ balance: 0, ledgerSum: 0, entries: 11 });
    expect(state!.minAfter).toBeGreaterThanOrEqual(0);
    // The refused ones left nothing behind: no withdrawal row, no hold.
    const rows = await t.handle.db.selectFrom('withdrawals').select('id').where('user_id', '=', u.id).execute();
    expect(rows.map((r) => r.id).sort()).toEqual(ok.map((w) => w.id).sort());
    const holds = await t.handle.db
      .selectFrom('ledger_entries')
      .select('ref_id')
      .where('user_id', '=', u.id)
      .where('kind', '=', 'withdrawal_hold')
      .execute();
    expect(holds).toHaveLength(10);
  });

  it('20 concurrent approvals of one withdrawal: one succeeds, the rest get 409, one ledger effect', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    const w = await callerAs(t, u).withdrawal.request({
      amount: 40,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    const { ok, failed } = await together(
      times(
        20,
        (i) => () =>
          callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'approve', payoutReference: `PAY-${i}` }),
      ),
    );
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(19);
    for (const f of failed) {
      expect(f.status).toBe(409);
      expect(f.message).toBe(
        'This withdrawal was already approved and paid; only pending withdrawals can be reviewed.',
      );
    }
    const row = await t.handle.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect(row.payout_reference).toBe(ok[0]!.payoutReference);
    expect((await entriesFor(t.handle.db, w.id)).map((e) => e.kind)).toEqual(['withdrawal_hold']);
    expect(await balanceOf(t.handle.db, u.id)).toBe(60_00);
    const audit = await t.handle.db.selectFrom('audit_log').select('action').where('entity_id', '=', w.id).execute();
    expect(audit).toEqual([{ action: 'withdrawal.approve' }]);
  });

  it('approvals, rejections and cancels racing on one withdrawal: exactly one wins, funds return at most once', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    const w = await callerAs(t, u).withdrawal.request({
      amount: 25,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    const calls = times(21, (i) => {
      if (i % 3 === 0)
        return () => callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'approve', payoutReference: 'P' });
      if (i % 3 === 1)
        return () => callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'reject', reason: 'race' });
      return () => callerAs(t, u).withdrawal.cancel({ id: w.id });
    });
    const { ok, failed } = await together<unknown>(calls);
    expect(ok).toHaveLength(1);
    expect(failed.every((f) => f.status === 409)).toBe(true);
    const row = await t.handle.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    const kinds = (await entriesFor(t.handle.db, w.id)).map((e) => e.kind);
    if (row.status === 'paid') {
      expect(kinds).toEqual(['withdrawal_hold']);
      expect(await balanceOf(t.handle.db, u.id)).toBe(75_00);
    } else {
      expect(['rejected', 'cancelled']).toContain(row.status);
      expect(kinds).toEqual(['withdrawal_hold', 'withdrawal_release']);
      expect(await balanceOf(t.handle.db, u.id)).toBe(100_00);
    }
  });

  it('20 concurrent confirmations of one deposit: one credit', async () => {
    const u = await insertUser(t.handle.db, { tier: 1 });
    const d = await callerAs(t, u).deposit.request({ amount: 123.45, reference: 'TRF-RACE', idempotencyKey: newKey() });
    // Since #27 a hand confirmation is a proposal a second admin approves: one admin proposes, then 20 other
    // admins race to approve it, half through a second deposit.review confirm, half through approval.approve.
    const proposed = await callerAs(t, admin).deposit.review({ id: d.id, decision: 'confirm' });
    expect(proposed).toMatchObject({ status: 'pending', approval: { status: 'pending' } });
    expect(await balanceOf(t.handle.db, u.id)).toBe(0);
    const approvers = await Promise.all(
      times(20, (i) => insertUser(t.handle.db, { accountType: 'admin', firstName: `Approver${i}` })),
    );
    const { ok, failed } = await together<unknown>(
      approvers.map(
        (a, i) => () =>
          i % 2 === 0
            ? callerAs(t, a).deposit.review({ id: d.id, decision: 'confirm' })
            : callerAs(t, a).approval.approve({ id: proposed.approval!.id }),
      ),
    );
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(19);
    for (const f of failed)
      expect(f).toMatchObject({
        status: 409,
        message: expect.stringMatching(
          /^(This deposit was already confirmed; only pending deposits can be reviewed\.|This proposal was already approved; nothing changed\.)$/,
        ),
      });
    expect(await balanceOf(t.handle.db, u.id)).toBe(123_45);
    const row = await t.handle.db
      .selectFrom('deposits')
      .select(['status', 'reviewed_by'])
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
    expect(approvers.map((a) => a.id)).toContain(row.reviewed_by);
    expect(await entriesFor(t.handle.db, d.id)).toEqual([
      { kind: 'deposit', amount_cents: 123_45, user_id: u.id, actor_id: row.reviewed_by },
    ]);
  });

  it('20 concurrent withdrawal requests with one idempotency key: one row, one hold, the same answer for all', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    const key = newKey();
    const me = callerAs(t, u);
    const { ok, failed } = await together(
      times(
        20,
        () => () => me.withdrawal.request({ amount: 30, method: 'bank', details: DETAILS.bank, idempotencyKey: key }),
      ),
    );
    expect(failed).toEqual([]);
    expect(ok).toHaveLength(20);
    expect(new Set(ok.map((w) => w.id)).size).toBe(1);
    const rows = await t.handle.db.selectFrom('withdrawals').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toEqual([{ id: ok[0]!.id }]);
    expect(await entriesFor(t.handle.db, ok[0]!.id)).toHaveLength(1);
    expect(await balanceOf(t.handle.db, u.id)).toBe(70_00);
  });

  it('20 concurrent deposit requests with one idempotency key: one row, the same answer for all', async () => {
    const u = await insertUser(t.handle.db, { tier: 1 });
    const key = newKey();
    const me = callerAs(t, u);
    const { ok, failed } = await together(
      times(20, () => () => me.deposit.request({ amount: 50, reference: 'TRF-SAME', idempotencyKey: key })),
    );
    expect(failed).toEqual([]);
    expect(new Set(ok.map((d) => d.id)).size).toBe(1);
    const rows = await t.handle.db.selectFrom('deposits').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('one key, different amounts at the same moment: one request wins, the others are 409, one hold', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    const key = newKey();
    const me = callerAs(t, u);
    const { ok, failed } = await together(
      times(
        10,
        (i) => () =>
          me.withdrawal.request({ amount: 1 + i, method: 'bank', details: DETAILS.bank, idempotencyKey: key }),
      ),
    );
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(9);
    for (const f of failed) expect(f.status).toBe(409);
    expect(await balanceOf(t.handle.db, u.id)).toBe(100_00 - ok[0]!.amount * 100);
  });

  it('the same key racing against a balance that covers only one: the loser sees the winner, not an error', async () => {
    // Two different keys compete for $10 of $15; a third request reuses the first key at the same moment.
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 15_00 });
    const me = callerAs(t, u);
    const [k1, k2] = [newKey(), newKey()];
    const req = (k: string) => () =>
      me.withdrawal.request({ amount: 10, method: 'bank', details: DETAILS.bank, idempotencyKey: k });
    const { ok, failed } = await together([req(k1), req(k2), req(k1), req(k2)]);
    // Exactly one key got the money; its twin answered the same withdrawal; the other key's two failed.
    expect(new Set(ok.map((w) => w.id)).size).toBe(1);
    expect(ok).toHaveLength(2);
    expect(failed.map((f) => f.status)).toEqual([422, 422]);
    expect(await balanceOf(t.handle.db, u.id)).toBe(5_00);
  });

  it('many users withdrawing, depositing and being reviewed at once keep every balance equal to its ledger', async () => {
    const people = await Promise.all(times(5, () => insertUser(t.handle.db, { tier: 1, balanceCents: 200_00 })));
    // Since #27 a hand confirmation is admin's proposal that a second admin approves (below, with their own
    // confirmation). The withdrawals are only rejected or cancelled: the payout-participant rule (#27) refuses
    // an approval, not a rejection, so admin may still reject money of members whose credits they proposed.
    const second = await insertUser(t.handle.db, { accountType: 'admin', firstName: 'Second' });
    const calls: (() => Promise<unknown>)[] = [];
    for (const p of people) {
      const me = callerAs(t, p);
      for (let i = 0; i < 8; i++) {
        calls.push(async () => {
          const w = await me.withdrawal.request({
            amount: 30,
            method: 'paypal',
            details: DETAILS.paypal,
            idempotencyKey: newKey(),
          });
          if (i % 2) return callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'reject', reason: 'batch' });
          return me.withdrawal.cancel({ id: w.id });
        });
        calls.push(async () => {
          const d = await me.deposit.request({ amount: 5, reference: `B-${i}`, idempotencyKey: newKey() });
          return confirmDeposit(t, admin, second, { id: d.id });
        });
      }
    }
    const { failed, reasons } = await together(calls);
    // Only insufficient funds may refuse a request here (several holds can be outstanding at once).
    const unexpected = reasons.filter((_, i) => failed[i]!.status !== 422);
    expect(unexpected.map((r) => `${String(r)} (cause: ${String((r as { cause?: unknown }).cause)})`)).toEqual([]);
    for (const p of people) expect(await balanceOf(t.handle.db, p.id)).toBe(200_00 + 8 * 5_00);
    await expectLedgerConsistent(t.handle.db);
  });
});
