import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { trpcData, trpcError, trpcMutation } from '../support/http.ts';
import { balanceOf, cookieFor, DETAILS, expectLedgerConsistent, newKey } from './money-helpers.ts';

// Four eyes on money: an administrator's own deposit or withdrawal is reviewed by another administrator,
// never by themselves; refused over /trpc with a 403 that says so, and nothing changes. Their own owner
// actions (asking, cancelling) stay theirs.
describe('four eyes: an admin cannot review their own money requests', () => {
  let t: TestApp;
  let alice: TestUser; // an administrator with money of her own
  let bob: TestUser; // a second administrator
  let carol: TestUser; // a third: approves what bob or alice proposes about the other's money (#27)
  let aliceCookie: string;
  let bobCookie: string;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await insertUser(t.handle.db, { accountType: 'admin', balanceCents: 1_000_00, tier: 1 });
    bob = await insertUser(t.handle.db, { accountType: 'admin' });
    carol = await insertUser(t.handle.db, { accountType: 'admin' });
    [aliceCookie, bobCookie] = [await cookieFor(t, alice), await cookieFor(t, bob)];
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  const call = (path: string, input: unknown, cookie: string) => trpcMutation(t.app, path, input, cookie);
  /** Everything a review could touch: balances, the rows, the ledger and the audit log. */
  const state = async () => ({
    balance: await balanceOf(t.handle.db, alice.id),
    deposits: await t.handle.db.selectFrom('deposits').selectAll().orderBy('seq').execute(),
    withdrawals: await t.handle.db.selectFrom('withdrawals').selectAll().orderBy('seq').execute(),
    ledger: await t.handle.db.selectFrom('ledger_entries').selectAll().orderBy('seq').execute(),
    audit: await t.handle.db.selectFrom('audit_log').selectAll().orderBy('seq').execute(),
  });

  it('confirming or rejecting their own deposit is refused (403) and changes nothing; another admin confirms it', async () => {
    const d = trpcData<{ id: string }>(
      await call('deposit.request', { amount: 500, reference: 'TRF-OWN', idempotencyKey: newKey() }, aliceCookie),
    );
    const before = await state();
    for (const review of [
      { id: d.id, decision: 'confirm' },
      { id: d.id, decision: 'reject', reason: 'not received' },
    ]) {
      expect(trpcError(await call('deposit.review', review, aliceCookie))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: 'You cannot review your own deposit. Another administrator must do it.',
      });
    }
    expect(await state()).toEqual(before);

    // bob's confirmation is a proposal (#27); carol's approves it.
    const proposed = trpcData(await call('deposit.review', { id: d.id, decision: 'confirm' }, bobCookie));
    expect(proposed).toMatchObject({ status: 'pending', approval: { status: 'pending' } });
    const confirmed = trpcData(
      await call('deposit.review', { id: d.id, decision: 'confirm' }, await cookieFor(t, carol)),
    );
    expect(confirmed).toMatchObject({ status: 'confirmed', reviewedBy: carol.id });
    expect(await balanceOf(t.handle.db, alice.id)).toBe(before.balance + 500_00);
  });

  it('approving or rejecting their own withdrawal is refused (403) and changes nothing; another admin approves', async () => {
    const w = trpcData<{ id: string }>(
      await call(
        'withdrawal.request',
        { amount: 100, method: 'bank', details: DETAILS.bank, idempotencyKey: newKey() },
        aliceCookie,
      ),
    );
    const before = await state();
    for (const review of [
      { id: w.id, decision: 'approve', payoutReference: 'PAY-1' },
      { id: w.id, decision: 'reject', reason: 'no' },
    ]) {
      expect(trpcError(await call('withdrawal.review', review, aliceCookie))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: 'You cannot review your own withdrawal. Another administrator must do it.',
      });
    }
    expect(await state()).toEqual(before);

    // A bank payout approved without a typed payout reference waits for the next payment file (#19).
    // Since #27 neither bob (proposed the credit of alice's deposit above) nor carol (approved it) may pay her
    // out: dave, an administrator who took no part in crediting her, approves.
    expect(
      trpcError(await call('withdrawal.review', { id: w.id, decision: 'approve' }, await cookieFor(t, carol))).status,
    ).toBe(403);
    const dave = await insertUser(t.handle.db, { accountType: 'admin', firstName: 'Dave' });
    const approved = trpcData(
      await call('withdrawal.review', { id: w.id, decision: 'approve' }, await cookieFor(t, dave)),
    );
    expect(approved).toMatchObject({ status: 'approved', reviewedBy: dave.id });
  });

  it('cancelling their own pending withdrawal is an owner action and stays allowed', async () => {
    const before = await balanceOf(t.handle.db, alice.id);
    const w = trpcData<{ id: string }>(
      await call(
        'withdrawal.request',
        { amount: 25, method: 'paypal', details: DETAILS.paypal, idempotencyKey: newKey() },
        aliceCookie,
      ),
    );
    expect(trpcData(await call('withdrawal.cancel', { id: w.id }, aliceCookie))).toMatchObject({
      status: 'cancelled',
    });
    expect(await balanceOf(t.handle.db, alice.id)).toBe(before);
  });

  it('the rule is about the owner, not the role: the admin still reviews everyone else', async () => {
    const d = trpcData<{ id: string }>(
      await call('deposit.request', { amount: 1, reference: 'TRF-BOB', idempotencyKey: newKey() }, bobCookie),
    );
    expect(trpcError(await call('deposit.review', { id: d.id, decision: 'confirm' }, bobCookie)).status).toBe(403);
    expect(trpcData(await call('deposit.review', { id: d.id, decision: 'confirm' }, aliceCookie))).toMatchObject({
      status: 'pending',
      approval: { status: 'pending' },
    });
  });
});
