import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, confirmDeposit, insertUser, secondAdmin } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { balanceOf, DETAILS, failure, newKey } from './money-helpers.ts';

// Who may do what with money: users act on their own requests only, admins on everyone's.
describe('money authorization', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let aliceDeposit: string;
  let aliceWithdrawal: string;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    bob = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    aliceDeposit = (
      await callerAs(t, alice).deposit.request({ amount: 50, reference: 'A-1', idempotencyKey: newKey() })
    ).id;
    aliceWithdrawal = (
      await callerAs(t, alice).withdrawal.request({
        amount: 10,
        method: 'bank',
        details: DETAILS.bank,
        idempotencyKey: newKey(),
      })
    ).id;
    await callerAs(t, bob).deposit.request({ amount: 5, reference: 'B-1', idempotencyKey: newKey() });
    await callerAs(t, bob).withdrawal.request({
      amount: 5,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
  });
  afterAll(() => t.close());

  it('anonymous callers are asked to sign in (401) for every money procedure', async () => {
    const anon = callerAs(t, null);
    const calls = [
      anon.deposit.request({ amount: 1, reference: 'X', idempotencyKey: newKey() }),
      anon.deposit.list({}),
      anon.withdrawal.request({ amount: 1, method: 'bank', details: DETAILS.bank, idempotencyKey: newKey() }),
      anon.withdrawal.cancel({ id: aliceWithdrawal }),
      anon.withdrawal.list({}),
      anon.ledger.list({}),
      anon.ledger.verify(),
      anon.audit.list({}),
      anon.reward.list(),
      anon.deposit.review({ id: aliceDeposit, decision: 'confirm' }),
      anon.withdrawal.review({ id: aliceWithdrawal, decision: 'approve' }),
    ];
    for (const c of calls)
      expect(await failure(c)).toMatchObject({ status: 401, message: 'Please sign in to continue.' });
  });

  it('users cannot review deposits or withdrawals, not even their own (403, nothing changes)', async () => {
    const a = callerAs(t, alice);
    expect(await failure(a.deposit.review({ id: aliceDeposit, decision: 'confirm' }))).toMatchObject({
      status: 403,
      message: 'Only an administrator can do this.',
    });
    expect(
      await failure(a.withdrawal.review({ id: aliceWithdrawal, decision: 'reject', reason: 'mine' })),
    ).toMatchObject({ status: 403 });
    expect(await failure(a.ledger.verify())).toMatchObject({ status: 403 });
    expect(await failure(a.audit.list({}))).toMatchObject({ status: 403 });
    const d = await t.handle.db
      .selectFrom('deposits')
      .select('status')
      .where('id', '=', aliceDeposit)
      .executeTakeFirstOrThrow();
    expect(d.status).toBe('pending');
    expect(await balanceOf(t.handle.db, alice.id)).toBe(90_00);
  });

  it('users see only their own deposits, withdrawals and ledger entries; naming another user is 403', async () => {
    const b = callerAs(t, bob);
    const deps = await b.deposit.list({});
    expect(deps.items.length).toBeGreaterThan(0);
    expect(deps.items.every((d) => d.userId === bob.id)).toBe(true);
    const ws = await b.withdrawal.list({});
    expect(ws.items.every((w) => w.userId === bob.id)).toBe(true);
    const ledger = await b.ledger.list({});
    expect(ledger.items.length).toBeGreaterThan(0);
    expect(ledger.items.every((e) => e.userId === bob.id)).toBe(true);

    expect(await failure(b.deposit.list({ userId: alice.id }))).toMatchObject({
      status: 403,
      message: 'You can only see your own deposits.',
    });
    expect(await failure(b.withdrawal.list({ userId: alice.id }))).toMatchObject({ status: 403 });
    expect(await failure(b.ledger.list({ userId: alice.id }))).toMatchObject({ status: 403 });
    // Naming yourself is fine.
    expect((await b.deposit.list({ userId: bob.id })).items.length).toBe(deps.items.length);
  });

  it("users cannot cancel another user's withdrawal (403; it stays pending, no money moves)", async () => {
    const e = await failure(callerAs(t, bob).withdrawal.cancel({ id: aliceWithdrawal }));
    expect(e).toMatchObject({ status: 403, message: 'You can only cancel your own withdrawals.' });
    expect(e.message).not.toContain(alice.email);
    const w = await t.handle.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', aliceWithdrawal)
      .executeTakeFirstOrThrow();
    expect(w.status).toBe('pending');
    expect(await balanceOf(t.handle.db, alice.id)).toBe(90_00);
    expect(await balanceOf(t.handle.db, bob.id)).toBe(95_00);
  });

  it("admins see everyone's requests and entries, and can filter by user", async () => {
    const ad = callerAs(t, admin);
    const deps = await ad.deposit.list({});
    expect(new Set(deps.items.map((d) => d.userId))).toEqual(new Set([alice.id, bob.id]));
    const aliceOnly = await ad.withdrawal.list({ userId: alice.id });
    expect(aliceOnly.items.map((w) => [w.id, w.userEmail])).toEqual([[aliceWithdrawal, alice.email]]);
    const ledger = await ad.ledger.list({ userId: bob.id });
    expect(ledger.items.every((e) => e.userId === bob.id && e.userEmail === bob.email)).toBe(true);
    expect((await ad.ledger.verify()).ok).toBe(true);
  });

  it("admins can review anyone's requests and cancel a user's pending withdrawal", async () => {
    const ad = callerAs(t, admin);
    await confirmDeposit(t, admin, await secondAdmin(t), { id: aliceDeposit });
    expect(await balanceOf(t.handle.db, alice.id)).toBe(140_00);
    const c = await ad.withdrawal.cancel({ id: aliceWithdrawal });
    expect(c).toMatchObject({ status: 'cancelled', userId: alice.id });
    expect(await balanceOf(t.handle.db, alice.id)).toBe(150_00);
    const audit = await ad.audit.list({ entityId: aliceWithdrawal });
    expect(audit.items.map((a) => [a.action, a.actorId])).toEqual([['withdrawal.cancel', admin.id]]);
  });
});
