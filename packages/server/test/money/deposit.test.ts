import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser, confirmDeposit } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { balanceOf, entriesFor, expectLedgerConsistent, failure, newKey } from './money-helpers.ts';

describe('deposits: request, confirm, reject', () => {
  let t: TestApp;
  let alice: TestUser;
  let admin: TestUser;
  let approver: TestUser; // the second admin whose confirmation credits (#27)
  beforeAll(async () => {
    t = await startTestApp();
    alice = await insertUser(t.handle.db, { balanceCents: 5_000 });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    approver = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  it('a request creates a pending deposit and credits nothing yet', async () => {
    const d = await callerAs(t, alice).deposit.request({
      amount: 250.5,
      reference: 'TRF-001',
      idempotencyKey: newKey(),
    });
    expect(d).toMatchObject({
      userId: alice.id,
      userEmail: alice.email,
      amount: 250.5,
      reference: 'TRF-001',
      status: 'pending',
    });
    expect(d.reviewedAt).toBeNull();
    expect(await balanceOf(t.handle.db, alice.id)).toBe(5_000);
    expect(await entriesFor(t.handle.db, d.id)).toEqual([]);
  });

  it('confirm credits the balance exactly once, with a ledger entry naming the admin', async () => {
    const d = await callerAs(t, alice).deposit.request({ amount: 100, reference: 'TRF-002', idempotencyKey: newKey() });
    const before = await balanceOf(t.handle.db, alice.id);
    const confirmed = await confirmDeposit(t, admin, approver, { id: d.id });
    expect(confirmed).toMatchObject({ id: d.id, status: 'confirmed', reviewedBy: approver.id });
    expect(confirmed.reviewedAt).not.toBeNull();
    expect(await balanceOf(t.handle.db, alice.id)).toBe(before + 10_000);
    expect(await entriesFor(t.handle.db, d.id)).toEqual([
      { kind: 'deposit', amount_cents: 10_000, user_id: alice.id, actor_id: approver.id },
    ]);

    const again = await failure(callerAs(t, admin).deposit.review({ id: d.id, decision: 'confirm' }));
    expect(again.status).toBe(409);
    expect(again.message).toBe('This deposit was already confirmed; only pending deposits can be reviewed.');
    const rejectAfter = await failure(
      callerAs(t, admin).deposit.review({ id: d.id, decision: 'reject', reason: 'changed my mind' }),
    );
    expect(rejectAfter.status).toBe(409);
    expect(await balanceOf(t.handle.db, alice.id)).toBe(before + 10_000);
    expect(await entriesFor(t.handle.db, d.id)).toHaveLength(1);
  });

  it('reject needs a reason, credits nothing and cannot be confirmed afterwards', async () => {
    const d = await callerAs(t, alice).deposit.request({ amount: 40, reference: 'TRF-003', idempotencyKey: newKey() });
    const noReason = await failure(callerAs(t, admin).deposit.review({ id: d.id, decision: 'reject' }));
    expect(noReason.status).toBe(400);
    expect(noReason.message).toMatch(/A reason is required to reject a deposit/);
    const blank = await failure(callerAs(t, admin).deposit.review({ id: d.id, decision: 'reject', reason: '   ' }));
    expect(blank.status).toBe(400);

    const before = await balanceOf(t.handle.db, alice.id);
    const rejected = await callerAs(t, admin).deposit.review({
      id: d.id,
      decision: 'reject',
      reason: 'No transfer arrived',
    });
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'No transfer arrived', reviewedBy: admin.id });
    expect(await balanceOf(t.handle.db, alice.id)).toBe(before);
    expect(await entriesFor(t.handle.db, d.id)).toEqual([]);

    const confirmLater = await failure(callerAs(t, admin).deposit.review({ id: d.id, decision: 'confirm' }));
    expect(confirmLater).toMatchObject({
      status: 409,
      message: 'This deposit was already rejected; only pending deposits can be reviewed.',
    });
    expect(await balanceOf(t.handle.db, alice.id)).toBe(before);
  });

  it('reviewing an unknown deposit is a 404', async () => {
    const e = await failure(
      callerAs(t, admin).deposit.review({ id: '00000000-0000-4000-8000-000000000000', decision: 'confirm' }),
    );
    expect(e).toMatchObject({ status: 404, message: 'No deposit with that id exists.' });
  });

  it('the same idempotency key answers the first deposit and creates nothing new', async () => {
    const key = newKey();
    const first = await callerAs(t, alice).deposit.request({
      amount: 12.34,
      reference: 'TRF-010',
      idempotencyKey: key,
    });
    const second = await callerAs(t, alice).deposit.request({
      amount: 12.34,
      reference: 'TRF-010',
      idempotencyKey: key,
    });
    expect(second).toEqual(first);
    const rows = await t.handle.db.selectFrom('deposits').select('id').where('idempotency_key', '=', key).execute();
    expect(rows).toHaveLength(1);

    // Still the first result after it was reviewed: a retry never creates a second deposit.
    await confirmDeposit(t, admin, approver, { id: first.id });
    const third = await callerAs(t, alice).deposit.request({
      amount: 12.34,
      reference: 'TRF-010',
      idempotencyKey: key,
    });
    expect(third).toMatchObject({ id: first.id, status: 'confirmed' });
  });

  it('the same key with a different amount or reference is refused with 409 and changes nothing', async () => {
    const key = newKey();
    const first = await callerAs(t, alice).deposit.request({ amount: 20, reference: 'TRF-020', idempotencyKey: key });
    const amount = await failure(
      callerAs(t, alice).deposit.request({ amount: 21, reference: 'TRF-020', idempotencyKey: key }),
    );
    expect(amount.status).toBe(409);
    expect(amount.message).toMatch(/idempotencyKey was already used for a different deposit/);
    const ref = await failure(
      callerAs(t, alice).deposit.request({ amount: 20, reference: 'TRF-021', idempotencyKey: key }),
    );
    expect(ref.status).toBe(409);
    const rows = await t.handle.db.selectFrom('deposits').selectAll().where('idempotency_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, amount_cents: 2_000, reference: 'TRF-020' });
  });

  it('keys are per user: another user may use the same key for their own deposit', async () => {
    const bob = await insertUser(t.handle.db);
    const key = newKey();
    const a = await callerAs(t, alice).deposit.request({ amount: 5, reference: 'A', idempotencyKey: key });
    const b = await callerAs(t, bob).deposit.request({ amount: 7, reference: 'B', idempotencyKey: key });
    expect(b.id).not.toBe(a.id);
    expect(b).toMatchObject({ userId: bob.id, amount: 7 });
  });

  it('records each review in the audit log with who, before and after', async () => {
    const d = await callerAs(t, alice).deposit.request({ amount: 77, reference: 'TRF-030', idempotencyKey: newKey() });
    await confirmDeposit(t, admin, approver, { id: d.id, reason: 'Seen on the statement' });
    const page = await callerAs(t, admin).audit.list({ entityType: 'deposit', entityId: d.id });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      action: 'deposit.confirm',
      actorId: approver.id,
      actorEmail: approver.email,
      entityType: 'deposit',
      entityId: d.id,
      before: { status: 'pending', amount: 77, reviewedBy: null },
      after: { status: 'confirmed', amount: 77, reviewedBy: approver.id, reason: 'Seen on the statement' },
    });
  });

  it('lists page newest first with a cursor and filter by status and user', async () => {
    const carol = await insertUser(t.handle.db);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await callerAs(t, carol).deposit.request({ amount: i + 1, reference: `P-${i}`, idempotencyKey: newKey() })).id,
      );
    }
    await confirmDeposit(t, admin, approver, { id: ids[1]! });

    const p1 = await callerAs(t, carol).deposit.list({ limit: 2 });
    expect(p1.items.map((d) => d.id)).toEqual([ids[4], ids[3]]);
    expect(p1.nextCursor).not.toBeNull();
    const p2 = await callerAs(t, carol).deposit.list({ limit: 2, cursor: p1.nextCursor! });
    expect(p2.items.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const p3 = await callerAs(t, carol).deposit.list({ limit: 2, cursor: p2.nextCursor! });
    expect(p3.items.map((d) => d.id)).toEqual([ids[0]]);
    expect(p3.nextCursor).toBeNull();

    const confirmed = await callerAs(t, admin).deposit.list({ userId: carol.id, status: 'confirmed' });
    expect(confirmed.items.map((d) => d.id)).toEqual([ids[1]]);
    expect(confirmed.items[0]!.userEmail).toBe(carol.email);
    const pending = await callerAs(t, admin).deposit.list({ userId: carol.id, status: 'pending', limit: 100 });
    expect(pending.items).toHaveLength(4);

    const bad = await failure(callerAs(t, carol).deposit.list({ cursor: 'abc' }));
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.message).toMatch(/cursor is not valid/);
  });
});
