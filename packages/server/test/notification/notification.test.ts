// The notification centre (#21): every event writes one row in its own transaction, once per event; the
// e-mail follows the preferences (security and money e-mail cannot be turned off); members see, count and
// mark only their own rows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/create-db.ts';
import type { TestUser } from '../../src/test/factories.ts';
import { payDuePeriods } from '../../src/modules/investment/investment.payouts.ts';
import { runTransitionIn } from '../../src/modules/money/money.core.ts';
import { depositFlow } from '../../src/modules/deposit/deposit.service.ts';
import { notify } from '../../src/modules/notification/notification.service.ts';
import { callerAs, insertUser, TEST_PASSWORD, testEnv, confirmDeposit, secondAdmin } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { createPlan } from '../investment/investment-helpers.ts';
import { balanceOf, DETAILS, failure, newKey } from '../money/money-helpers.ts';

function rowsOf(db: Database, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['kind', 'category', 'title', 'body', 'link', 'event_key', 'in_app', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('seq')
    .execute();
}

function mailsOf(db: Database, userId: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['kind', 'subject', 'to_address'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

describe('notification centre', () => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    clock = new ManualClock('2026-03-01T09:00:00.000Z');
    t = await startTestApp({ clock });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    alice = await insertUser(t.handle.db, { tier: 1, balanceCents: 1_000_00, emailVerified: true });
    bob = await insertUser(t.handle.db, { tier: 1, balanceCents: 1_000_00, emailVerified: true });
    clock.advanceMs(1_000);
  });

  it('a confirmed deposit writes one notification (with its link) and one mail; a retried review writes none', async () => {
    const d = await callerAs(t, alice).deposit.request({ amount: 25, reference: 'TRF-N1', idempotencyKey: newKey() });
    await confirmDeposit(t, admin, await secondAdmin(t), { id: d.id });
    const again = await failure(callerAs(t, admin).deposit.review({ id: d.id, decision: 'confirm' }));
    expect(again.status).toBe(409);
    expect(await rowsOf(t.handle.db, alice.id)).toEqual([
      expect.objectContaining({
        kind: 'deposit.credited',
        category: 'money',
        title: 'Deposit of $25.00 confirmed',
        link: '/dashboard/deposit',
        event_key: `deposit:${d.id}:confirm`,
        in_app: true,
        read_at: null,
      }),
    ]);
    expect((await mailsOf(t.handle.db, alice.id)).map((m) => m.kind)).toEqual(['deposit.confirmed']);
  });

  it('the same event notified twice (a retry, a second instance) leaves one row and one mail', async () => {
    const event = {
      userId: alice.id,
      kind: 'statement.ready' as const,
      title: 'Your statement for February is ready',
      link: '/dashboard/transactions',
      eventKey: 'statement:2026-02',
      at: clock.now(),
      mail: {},
    };
    const [a, b] = await Promise.all([
      t.handle.db.transaction().execute((trx) => notify(trx, event)),
      t.handle.db.transaction().execute((trx) => notify(trx, event)),
    ]);
    const third = await notify(t.handle.db, event);
    expect([a, b].filter((r) => r.notificationId !== null)).toHaveLength(1);
    expect([a, b].filter((r) => r.mailId !== null)).toHaveLength(1);
    expect(third).toEqual({ notificationId: null, mailId: null });
    expect(await rowsOf(t.handle.db, alice.id)).toHaveLength(1);
    expect(await mailsOf(t.handle.db, alice.id)).toEqual([
      { kind: 'statement.ready', subject: 'Your statement for February is ready · Vestora', to_address: alice.email },
    ]);
  });

  it('an event whose transaction rolls back writes no notification, no mail and no ledger entry', async () => {
    const d = await callerAs(t, alice).deposit.request({ amount: 40, reference: 'TRF-RB', idempotencyKey: newKey() });
    const before = await balanceOf(t.handle.db, alice.id);
    await expect(
      t.handle.db.transaction().execute(async (trx) => {
        await runTransitionIn(trx, depositFlow, 'confirm', {
          id: d.id,
          actor: admin,
          env: testEnv(clock.now(), t.config),
        });
        expect(await rowsOf(trx, alice.id)).toHaveLength(1); // written inside the transaction...
        throw new Error('the event fails after its notice');
      }),
    ).rejects.toThrow('the event fails after its notice');
    expect(await rowsOf(t.handle.db, alice.id)).toEqual([]); // ...and gone with it
    expect(await mailsOf(t.handle.db, alice.id)).toEqual([]);
    expect(await balanceOf(t.handle.db, alice.id)).toBe(before);
  });

  it('rejected deposits and paid / rejected withdrawals are notified with their kinds', async () => {
    const me = callerAs(t, alice);
    const boss = callerAs(t, admin);
    const d = await me.deposit.request({ amount: 5, reference: 'TRF-NO', idempotencyKey: newKey() });
    await boss.deposit.review({ id: d.id, decision: 'reject', reason: 'No transfer arrived' });
    const w1 = await me.withdrawal.request({
      amount: 20,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    await boss.withdrawal.review({ id: w1.id, decision: 'approve', payoutReference: 'PAY-1' });
    const w2 = await me.withdrawal.request({
      amount: 30,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    await boss.withdrawal.review({ id: w2.id, decision: 'reject', reason: 'Details do not match' });
    const rows = await rowsOf(t.handle.db, alice.id);
    expect(rows.map((r) => [r.kind, r.link])).toEqual([
      ['deposit.rejected', '/dashboard/deposit'],
      ['withdrawal.paid', '/dashboard/cashout'],
      ['withdrawal.rejected', '/dashboard/cashout'],
    ]);
    expect(rows[0]!.body).toContain('Reason: No transfer arrived');
  });

  it('payouts, maturity and the referral reward are notified once each; the investments e-mail can be turned off', async () => {
    const planId = await createPlan(t, admin, {
      minAmount: 100,
      maxAmount: 10_000,
      termMonths: 2,
      payoutFrequency: 'monthly',
    });
    // bob invited alice; bob turned investment e-mail off.
    await t.handle.db.updateTable('users').set({ referred_by: bob.id }).where('id', '=', alice.id).execute();
    await callerAs(t, bob).notification.setPreferences({ investments: { email: false } });
    await callerAs(t, alice).investment.open({ planId, amount: 1_000, idempotencyKey: newKey() });
    clock.advanceDays(70);
    const env = testEnv(clock.now(), t.config);
    expect(await payDuePeriods(t.handle.db, env)).toMatchObject({ payments: 2, matured: 1 });
    // A second run (another instance, a restart) pays and notifies nothing more.
    expect(await payDuePeriods(t.handle.db, env)).toMatchObject({ payments: 0 });
    const mine = await rowsOf(t.handle.db, alice.id);
    expect(mine.map((r) => [r.kind, r.category])).toEqual([
      ['investment.payout', 'investments'],
      ['investment.matured', 'investments'],
    ]);
    expect(mine[0]!.link).toMatch(/^\/dashboard\/investments\/[0-9a-f-]{36}$/);
    expect((await mailsOf(t.handle.db, alice.id)).map((m) => m.kind)).toEqual([
      'investment.payout',
      'investment.matured',
    ]);
    const bobs = await rowsOf(t.handle.db, bob.id);
    expect(bobs.map((r) => [r.kind, r.title, r.link])).toEqual([
      ['referral.reward_paid', 'Referral reward of $10.00 paid', '/dashboard/referral'],
    ]);
    expect(await mailsOf(t.handle.db, bob.id)).toEqual([]);
  });

  it('security events: a password change and an email change request are notified and mailed', async () => {
    const me = callerAs(t, alice);
    await me.user.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'another long passphrase 9' });
    await me.user.changeEmail({ currentPassword: 'another long passphrase 9', newEmail: 'alice-new@example.com' });
    const rows = await rowsOf(t.handle.db, alice.id);
    expect(rows.map((r) => [r.kind, r.category, r.link])).toEqual([
      ['security.password_changed', 'security', '/dashboard/settings'],
      ['security.email_change_requested', 'security', '/dashboard/settings'],
    ]);
    const mails = (await mailsOf(t.handle.db, alice.id)).map((m) => m.kind);
    expect(mails).toContain('password.changed');
    expect(mails).toContain('email.change_notice');
  });

  it('the list pages newest first; the unread count and markRead touch only the caller own rows', async () => {
    for (let i = 1; i <= 30; i++) {
      await notify(t.handle.db, {
        userId: alice.id,
        kind: 'investment.test',
        title: `Event ${i}`,
        eventKey: `test:${i}`,
        at: new Date(clock.now().getTime() + i * 1000),
      });
    }
    const other = await notify(t.handle.db, {
      userId: bob.id,
      kind: 'investment.test',
      title: 'Bob only',
      eventKey: 'test:bob',
      at: clock.now(),
    });
    const me = callerAs(t, alice);
    const first = await me.notification.list({ limit: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ title: 'Event 30', readAt: null, kind: 'investment.test', link: null });
    const second = await me.notification.list({ limit: 25, cursor: first.nextCursor! });
    expect(second.items.map((n) => n.title)).toEqual(['Event 5', 'Event 4', 'Event 3', 'Event 2', 'Event 1']);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].some((n) => n.title === 'Bob only')).toBe(false);
    expect((await failure(me.notification.list({ cursor: 'nonsense' }))).status).toBe(400);

    expect(await me.notification.unread()).toEqual({ count: 30 });
    expect(await callerAs(t, bob).notification.unread()).toEqual({ count: 1 });
    // Naming bob's row marks nothing: it stays unread for bob.
    expect(await me.notification.markRead({ ids: [other.notificationId!] })).toEqual({ marked: 0 });
    expect(await callerAs(t, bob).notification.unread()).toEqual({ count: 1 });
    clock.advanceMs(5_000);
    expect(await me.notification.markRead({ ids: [first.items[0]!.id, first.items[1]!.id] })).toEqual({ marked: 2 });
    expect(await me.notification.unread()).toEqual({ count: 28 });
    const reread = await me.notification.list({ limit: 2 });
    expect(reread.items.map((n) => n.readAt)).toEqual([clock.now().toISOString(), clock.now().toISOString()]);
    expect(await me.notification.markRead({ all: true })).toEqual({ marked: 28 });
    expect(await me.notification.unread()).toEqual({ count: 0 });
    expect(await callerAs(t, bob).notification.unread()).toEqual({ count: 1 });
    expect((await failure(me.notification.markRead({ ids: [] }))).status).toBe(400);
    expect((await failure(me.notification.markRead({ all: false as unknown as true }))).status).toBe(400);
  });

  it('preferences: defaults, security and money e-mail refused off with the reason, marketing off until on', async () => {
    const me = callerAs(t, alice);
    const prefs = await me.notification.preferences();
    expect(prefs.categories.map((c) => [c.category, c.inApp, c.email])).toEqual([
      ['security', true, true],
      ['money', true, true],
      ['investments', true, true],
      ['statements', true, true],
      ['marketing', false, false],
    ]);
    expect(prefs.categories[0]!.locked.email).toMatch(/cannot be turned off/);
    expect(prefs.categories[2]!.locked).toEqual({ inApp: null, email: null });

    const refused = await failure(me.notification.setPreferences({ security: { email: false } }));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('security.email: Security emails cannot be turned off');
    const refusedMoney = await failure(
      me.notification.setPreferences({ money: { email: false }, marketing: { email: true } }),
    );
    expect(refusedMoney.status).toBe(400);
    expect(refusedMoney.message).toContain('money.email');
    // Nothing of a refused request is stored (marketing stayed off).
    expect((await me.notification.preferences()).categories[4]).toMatchObject({ inApp: false, email: false });
    expect((await failure(me.notification.setPreferences({ money: { sms: true } } as never))).status).toBe(400);

    const saved = await me.notification.setPreferences({
      marketing: { inApp: true, email: true },
      money: { inApp: false },
    });
    expect(saved.categories.map((c) => [c.category, c.inApp, c.email])).toEqual([
      ['security', true, true],
      ['money', false, true],
      ['investments', true, true],
      ['statements', true, true],
      ['marketing', true, true],
    ]);
    // Money in-app off: the event is still recorded once and mailed (locked), but neither listed nor counted.
    const d = await me.deposit.request({ amount: 12, reference: 'TRF-QUIET', idempotencyKey: newKey() });
    await confirmDeposit(t, admin, await secondAdmin(t), { id: d.id });
    expect(await rowsOf(t.handle.db, alice.id)).toEqual([
      expect.objectContaining({ kind: 'deposit.credited', in_app: false }),
    ]);
    expect(await me.notification.unread()).toEqual({ count: 0 });
    expect((await me.notification.list({})).items).toEqual([]);
    expect((await mailsOf(t.handle.db, alice.id)).map((m) => m.kind)).toEqual(['deposit.confirmed']);
    // Bob's preferences are his own.
    expect((await callerAs(t, bob).notification.preferences()).categories[4]).toMatchObject({ email: false });
  });

  it('the older "Email notifications" switch still governs investment e-mail, never money e-mail', async () => {
    const me = callerAs(t, alice);
    await me.user.updatePreferences({ emailNotifications: false });
    const prefs = await me.notification.preferences();
    expect(prefs.categories.map((c) => [c.category, c.email])).toEqual([
      ['security', true],
      ['money', true],
      ['investments', false],
      ['statements', false],
      ['marketing', false],
    ]);
    await me.notification.setPreferences({ investments: { email: true } });
    expect(await me.user.preferences()).toEqual({ emailNotifications: true });
  });
});
