import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { payDuePeriods } from '../../src/modules/investment/investment.payouts.ts';
import { addMonthsUtc } from '../../src/modules/investment/investment.schedule.ts';
import { LEDGER_CHECK_MAX_AGE_MS } from '../../src/modules/ledger/ledger.service.ts';
import { adjustBalance, callerAs, insertUser, testEnv } from '../../src/test/factories.ts';
import { OVERVIEW_FIGURES_MAX_AGE_MS } from '../../src/modules/overview/overview.service.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { newKey } from '../money/money-helpers.ts';
import { seededPlans } from './investment-helpers.ts';

// What growth changed in the figures: the sidebar's summary no longer reads the whole ledger (it must still
// say what the portfolio says), and the overview shows the last full ledger check with its time instead of
// running it on every load.
describe('investment.summary and the overview’s ledger check', () => {
  const clock = new ManualClock('2026-03-31T09:00:00.000Z');
  let t: TestApp;
  let admin: TestUser;
  let plans: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    plans = Object.fromEntries((await seededPlans(t.handle.db)).map((p) => [p.name, p.id]));
  });
  afterAll(() => t.close());

  it('the summary equals the portfolio’s figures through a position’s life (open, paid, redeemed)', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 5_000_00 });
    const me = callerAs(t, u);
    const same = async () => {
      const { available, invested, interestReceived } = await me.investment.portfolio();
      expect(await me.investment.summary()).toEqual({ available, invested, interestReceived });
      return { available, invested, interestReceived };
    };
    expect(await same()).toEqual({ available: 5_000, invested: 0, interestReceived: 0 });
    const a = await me.investment.open({ planId: plans.Silver!, amount: 2_000, idempotencyKey: newKey() });
    await me.investment.open({ planId: plans.Silver!, amount: 1_000, idempotencyKey: newKey() });
    expect(await same()).toMatchObject({ available: 2_000, invested: 3_000 });
    // Three months of interest on both (month ends: Mar 31 + 1 month is Apr 30).
    clock.set(addMonthsUtc(new Date(a.startedAt), 3));
    await payDuePeriods(t.handle.db, testEnv(clock.now(), t.config));
    const paid = await same();
    expect(paid.interestReceived).toBeGreaterThan(0);
    await me.investment.redeem({ id: a.id });
    expect(await same()).toMatchObject({ invested: 1_000, interestReceived: paid.interestReceived });
    // Another user's figures are their own.
    expect(await callerAs(t, admin).investment.summary()).toEqual({ available: 0, invested: 0, interestReceived: 0 });
  });

  it('the overview shows the recorded check and when it ran; ledger.verify records a new one', async () => {
    const ad = callerAs(t, admin);
    const verified = await ad.ledger.verify();
    expect(verified.ok).toBe(true);
    const checkedAt = clock.now().toISOString();
    const first = await ad.overview.admin();
    expect(first).toMatchObject({ ledgerOk: true, ledgerCheckedAt: checkedAt, platform: { ok: true } });
    // The heavy figures say when they were computed (this file's first overview: now).
    expect(first.figuresAt).toBe(checkedAt);

    // A balance overwritten behind the ledger's back: the overview says what the last full check found, with
    // its time, until the check runs again (both checks are read from it).
    const victim = await insertUser(t.handle.db, { tier: 1, balanceCents: 10_00 });
    await t.handle.db
      .updateTable('ledger_accounts')
      .set({ balance: String(11_00) })
      .where('user_id', '=', victim.id)
      .where('kind', '=', 'available')
      .execute();
    clock.advanceMs(LEDGER_CHECK_MAX_AGE_MS - 1);
    const stillRecorded = await ad.overview.admin();
    expect(stillRecorded).toMatchObject({ ledgerOk: true, ledgerCheckedAt: checkedAt, platform: { ok: true } });

    const rerun = await ad.ledger.verify();
    expect(rerun).toMatchObject({ ok: false, mismatchCount: 1, mismatches: [{ userId: victim.id }] });
    expect(await ad.overview.admin()).toMatchObject({
      ledgerOk: false,
      ledgerCheckedAt: clock.now().toISOString(),
      platform: { ok: false, difference: 1 },
    });
    // Put it back so the platform balances again for whatever runs after.
    await t.handle.db
      .updateTable('ledger_accounts')
      .set({ balance: String(10_00) })
      .where('user_id', '=', victim.id)
      .where('kind', '=', 'available')
      .execute();
  });

  it('the overview never shows money figures older than a minute: money moved shows on the next load after it', async () => {
    const ad = callerAs(t, admin);
    clock.advanceMs(OVERVIEW_FIGURES_MAX_AGE_MS); // figures computed now, not left from the test before
    const before = await ad.overview.admin();
    expect(before.figuresAt).toBe(clock.now().toISOString());
    const u = await insertUser(t.handle.db, { tier: 1 });
    await adjustBalance(t.handle.db, u.id, 1_234_56, 'overview freshness', { at: clock.now() });
    await callerAs(t, u).investment.open({ planId: plans.Silver!, amount: 1_000, idempotencyKey: newKey() });
    // Within the minute the figures may be the cached ones (with their time); past it they are recomputed
    // before they are shown, however long nobody looked (the issue saw 11-minute-old zeros).
    clock.advanceMs(11 * 60_000);
    const after = await ad.overview.admin();
    expect(after.figuresAt).toBe(clock.now().toISOString());
    expect(Math.round((after.balancesHeld - before.balancesHeld) * 100)).toBe(234_56);
    expect(Math.round((after.principalInvested - before.principalInvested) * 100)).toBe(1_000_00);
    clock.advanceMs(OVERVIEW_FIGURES_MAX_AGE_MS - 1);
    expect((await ad.overview.admin()).figuresAt).toBe(after.figuresAt);
  });

  it('the overview lists what the installation still needs; the placeholder deposit account is not "set"', async () => {
    const ad = callerAs(t, admin);
    expect((await ad.account.get()).isSet).toBe(false);
    expect((await ad.overview.admin()).setup).toEqual({
      depositAccountSet: false,
      mailDelivered: false,
      activeAdmins: 1,
    });
    const second = await insertUser(t.handle.db, { accountType: 'admin' });
    const { approval } = await ad.account.update({
      bankName: 'Real Bank',
      accountHolder: 'Vestora Ltd',
      accountNumber: 'PT50 0002 0123',
    });
    await callerAs(t, second).approval.approve({ id: approval.id });
    expect((await callerAs(t, second).account.get()).isSet).toBe(true);
    expect((await ad.overview.admin()).setup).toMatchObject({ depositAccountSet: true, activeAdmins: 2 });
    await t.handle.db.updateTable('users').set({ disabled_at: clock.now() }).where('id', '=', second.id).execute();
    expect((await ad.overview.admin()).setup.activeAdmins).toBe(1);
  });

  it('admin.counts: pending deposits and withdrawals and unread messages, for the menu badges', async () => {
    const ad = callerAs(t, admin);
    const before = await ad.overview.counts();
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    await callerAs(t, u).withdrawal.request({
      amount: 10,
      method: 'paypal',
      details: 'someone@example.com',
      idempotencyKey: newKey(),
    });
    await callerAs(t, null).contact.send({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Hello there, a question.',
    });
    expect(await ad.overview.counts()).toEqual({
      pendingDeposits: before.pendingDeposits,
      pendingWithdrawals: before.pendingWithdrawals + 1,
      unreadMessages: before.unreadMessages + 1,
    });
  });
});
