import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { balanceOf, DETAILS, entriesFor, expectLedgerConsistent, failure, newKey } from './money-helpers.ts';

describe('withdrawals: hold, cancel, approve, reject', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });
  const funded = (cents: number) => insertUser(t.handle.db, { tier: 1, balanceCents: cents });
  const request = (u: TestUser, amount: number, key = newKey()) =>
    callerAs(t, u).withdrawal.request({ amount, method: 'bank', details: DETAILS.bank, idempotencyKey: key });

  it('a request holds the funds at once with a negative withdrawal_hold entry', async () => {
    const u = await funded(100_00);
    const w = await request(u, 30.25);
    expect(w).toMatchObject({
      userId: u.id,
      userEmail: u.email,
      amount: 30.25,
      method: 'bank',
      details: DETAILS.bank,
      status: 'pending',
    });
    expect(await balanceOf(t.handle.db, u.id)).toBe(69_75);
    expect(await entriesFor(t.handle.db, w.id)).toEqual([
      { kind: 'withdrawal_hold', amount_cents: -30_25, user_id: u.id, actor_id: u.id },
    ]);
  });

  it('each method validates its details', async () => {
    const u = await funded(100_00);
    const ok = await callerAs(t, u).withdrawal.request({
      amount: 1,
      method: 'paypal',
      details: DETAILS.paypal,
      idempotencyKey: newKey(),
    });
    expect(ok.method).toBe('paypal');
    const okCrypto = await callerAs(t, u).withdrawal.request({
      amount: 1,
      method: 'crypto',
      details: DETAILS.crypto,
      idempotencyKey: newKey(),
    });
    expect(okCrypto.method).toBe('crypto');
    const badPaypal = await failure(
      callerAs(t, u).withdrawal.request({
        amount: 1,
        method: 'paypal',
        details: 'not-an-email',
        idempotencyKey: newKey(),
      }),
    );
    expect(badPaypal).toMatchObject({ status: 400, message: 'details: Enter a valid PayPal email address' });
    const badBank = await failure(
      callerAs(t, u).withdrawal.request({ amount: 1, method: 'bank', details: '12', idempotencyKey: newKey() }),
    );
    expect(badBank.status).toBe(400);
    expect(badBank.message).toMatch(/bank account number/);
    const badCrypto = await failure(
      callerAs(t, u).withdrawal.request({ amount: 1, method: 'crypto', details: 'short', idempotencyKey: newKey() }),
    );
    expect(badCrypto.message).toMatch(/wallet address/);
    expect(await balanceOf(t.handle.db, u.id)).toBe(98_00);
  });

  it('insufficient funds is a clear 422 and writes nothing at all', async () => {
    const u = await funded(50_00);
    const key = newKey();
    const e = await failure(request(u, 50.01, key));
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/^Insufficient funds/);
    expect(await balanceOf(t.handle.db, u.id)).toBe(50_00);
    const rows = await t.handle.db.selectFrom('withdrawals').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toEqual([]);
    // The key was not consumed: a retry that now fits goes through.
    const w = await request(u, 50, key);
    expect(w.status).toBe('pending');
    expect(await balanceOf(t.handle.db, u.id)).toBe(0);
  });

  it('the owner cancels a pending withdrawal and the funds return; a second cancel is a 409', async () => {
    const u = await funded(80_00);
    const w = await request(u, 30);
    const c = await callerAs(t, u).withdrawal.cancel({ id: w.id });
    expect(c).toMatchObject({ id: w.id, status: 'cancelled' });
    expect(c.cancelledAt).not.toBeNull();
    expect(await balanceOf(t.handle.db, u.id)).toBe(80_00);
    expect((await entriesFor(t.handle.db, w.id)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ['withdrawal_hold', -30_00],
      ['withdrawal_release', 30_00],
    ]);
    const again = await failure(callerAs(t, u).withdrawal.cancel({ id: w.id }));
    expect(again).toMatchObject({ status: 409, message: 'This withdrawal is already cancelled.' });
    const review = await failure(callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'approve' }));
    expect(review).toMatchObject({
      status: 409,
      message: 'This withdrawal was cancelled; only pending withdrawals can be reviewed.',
    });
    expect(await balanceOf(t.handle.db, u.id)).toBe(80_00);
  });

  it('approve marks it paid with the payout reference, keeps the hold, and cannot happen twice', async () => {
    const u = await funded(500_00);
    const w = await request(u, 200);
    const paid = await callerAs(t, admin).withdrawal.review({
      id: w.id,
      decision: 'approve',
      payoutReference: 'WIRE-2026-0001',
    });
    expect(paid).toMatchObject({ status: 'paid', payoutReference: 'WIRE-2026-0001', reviewedBy: admin.id });
    expect(await balanceOf(t.handle.db, u.id)).toBe(300_00);
    expect(await entriesFor(t.handle.db, w.id)).toHaveLength(1);

    const twice = await failure(
      callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'approve', payoutReference: 'X' }),
    );
    expect(twice).toMatchObject({
      status: 409,
      message: 'This withdrawal was already approved and paid; only pending withdrawals can be reviewed.',
    });
    const rejectPaid = await failure(
      callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'reject', reason: 'oops' }),
    );
    expect(rejectPaid.status).toBe(409);
    const cancelPaid = await failure(callerAs(t, u).withdrawal.cancel({ id: w.id }));
    expect(cancelPaid).toMatchObject({
      status: 409,
      message: 'This withdrawal was already paid, so it can no longer be cancelled.',
    });
    expect(await balanceOf(t.handle.db, u.id)).toBe(300_00);
    expect(await entriesFor(t.handle.db, w.id)).toHaveLength(1);
    const row = await t.handle.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', payout_reference: 'WIRE-2026-0001' });
  });

  it('reject needs a reason and returns the funds once', async () => {
    const u = await funded(60_00);
    const w = await request(u, 60);
    expect(await balanceOf(t.handle.db, u.id)).toBe(0);
    const noReason = await failure(callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'reject' }));
    expect(noReason.status).toBe(400);
    expect(noReason.message).toMatch(/A reason is required to reject a withdrawal/);
    const r = await callerAs(t, admin).withdrawal.review({
      id: w.id,
      decision: 'reject',
      reason: 'Account name does not match',
    });
    expect(r).toMatchObject({ status: 'rejected', reason: 'Account name does not match', payoutReference: null });
    expect(await balanceOf(t.handle.db, u.id)).toBe(60_00);
    const twice = await failure(
      callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'reject', reason: 'again' }),
    );
    expect(twice.status).toBe(409);
    const cancel = await failure(callerAs(t, u).withdrawal.cancel({ id: w.id }));
    expect(cancel.message).toBe(
      'This withdrawal was already rejected and its funds returned; there is nothing to cancel.',
    );
    expect(await balanceOf(t.handle.db, u.id)).toBe(60_00);
    expect((await entriesFor(t.handle.db, w.id)).map((e) => e.kind)).toEqual(['withdrawal_hold', 'withdrawal_release']);
  });

  it('unknown ids are a 404', async () => {
    const u = await funded(1_00);
    const id = '00000000-0000-4000-8000-000000000000';
    expect(await failure(callerAs(t, u).withdrawal.cancel({ id }))).toMatchObject({ status: 404 });
    expect(await failure(callerAs(t, admin).withdrawal.review({ id, decision: 'approve' }))).toMatchObject({
      status: 404,
      message: 'No withdrawal with that id exists.',
    });
  });

  it('the same idempotency key answers the first withdrawal with a single hold', async () => {
    const u = await funded(100_00);
    const key = newKey();
    const a = await request(u, 25, key);
    const b = await request(u, 25, key);
    expect(b).toEqual(a);
    expect(await balanceOf(t.handle.db, u.id)).toBe(75_00);
    expect(await entriesFor(t.handle.db, a.id)).toHaveLength(1);
    // After a cancel, a retry with that key still answers the (now cancelled) first withdrawal.
    await callerAs(t, u).withdrawal.cancel({ id: a.id });
    const c = await request(u, 25, key);
    expect(c).toMatchObject({ id: a.id, status: 'cancelled' });
    expect(await balanceOf(t.handle.db, u.id)).toBe(100_00);
  });

  it('the same key with a different amount, method or details is a 409 and holds nothing more', async () => {
    const u = await funded(100_00);
    const key = newKey();
    await request(u, 10, key);
    const amount = await failure(request(u, 11, key));
    expect(amount.status).toBe(409);
    expect(amount.message).toMatch(/idempotencyKey was already used for a different withdrawal/);
    const method = await failure(
      callerAs(t, u).withdrawal.request({ amount: 10, method: 'paypal', details: DETAILS.paypal, idempotencyKey: key }),
    );
    expect(method.status).toBe(409);
    const details = await failure(
      callerAs(t, u).withdrawal.request({
        amount: 10,
        method: 'bank',
        details: 'DE89370400440532013000',
        idempotencyKey: key,
      }),
    );
    expect(details.status).toBe(409);
    expect(await balanceOf(t.handle.db, u.id)).toBe(90_00);
    const rows = await t.handle.db.selectFrom('withdrawals').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('an admin approval, rejection and cancellation are each in the audit log', async () => {
    const u = await funded(30_00);
    const [w1, w2, w3] = [await request(u, 10), await request(u, 10), await request(u, 10)];
    await callerAs(t, admin).withdrawal.review({ id: w1.id, decision: 'approve', payoutReference: 'P-1' });
    await callerAs(t, admin).withdrawal.review({ id: w2.id, decision: 'reject', reason: 'Suspicious' });
    await callerAs(t, admin).withdrawal.cancel({ id: w3.id });
    const audit = await callerAs(t, admin).audit.list({ entityType: 'withdrawal', actorId: admin.id, limit: 100 });
    const mine = audit.items.filter((a) => [w1.id, w2.id, w3.id].includes(a.entityId!));
    expect(mine.map((a) => [a.entityId, a.action])).toEqual([
      [w3.id, 'withdrawal.cancel'],
      [w2.id, 'withdrawal.reject'],
      [w1.id, 'withdrawal.approve'],
    ]);
    expect(mine[2]).toMatchObject({
      before: { status: 'pending', payoutReference: null },
      after: { status: 'paid', payoutReference: 'P-1' },
    });
    expect(mine[1]).toMatchObject({ after: { status: 'rejected', reason: 'Suspicious' } });
    expect(await balanceOf(t.handle.db, u.id)).toBe(20_00);
  });

  it('lists withdrawals newest first, by status, with a cursor', async () => {
    const u = await funded(100_00);
    const ws = [];
    for (let i = 0; i < 3; i++) ws.push(await request(u, 1 + i));
    await callerAs(t, u).withdrawal.cancel({ id: ws[0]!.id });
    const all = await callerAs(t, u).withdrawal.list({});
    expect(all.items.map((w) => w.id)).toEqual([ws[2]!.id, ws[1]!.id, ws[0]!.id]);
    expect(all.nextCursor).toBeNull();
    const cancelled = await callerAs(t, u).withdrawal.list({ status: 'cancelled' });
    expect(cancelled.items.map((w) => w.id)).toEqual([ws[0]!.id]);
    const p1 = await callerAs(t, u).withdrawal.list({ limit: 2 });
    const p2 = await callerAs(t, u).withdrawal.list({ limit: 2, cursor: p1.nextCursor! });
    expect([...p1.items, ...p2.items].map((w) => w.id)).toEqual(all.items.map((w) => w.id));
    const pendingForAdmin = await callerAs(t, admin).withdrawal.list({ status: 'pending', userId: u.id });
    expect(pendingForAdmin.items.map((w) => [w.id, w.userEmail])).toEqual([
      [ws[2]!.id, u.email],
      [ws[1]!.id, u.email],
    ]);
  });
});
