import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { payDuePeriods } from '../../src/modules/investment/investment.payouts.ts';
import { addMonthsUtc } from '../../src/modules/investment/investment.schedule.ts';
import { callerAs, insertUser, testEnv } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { balanceOf, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';
import { cents, createPlan, entriesOf, expectVerified, ledgerSum, seededPlans } from './investment-helpers.ts';
import { balanceCentsColumn } from '../../src/modules/user/user.repo.ts';

// Investing end to end, through the tRPC caller, on a clock the test moves: quote, open, the payouts the
// runner makes, early redemption, the referral reward, the badges and the overview figures. Every step
// keeps the ledger (users and platform) exact; the last test checks it once more after all of it.

describe('investing for real', () => {
  const clock = new ManualClock('2026-01-15T12:00:00.000Z');
  let t: TestApp;
  let admin: TestUser;
  let plans: Record<string, string>;
  const pay = () => payDuePeriods(t.handle.db, testEnv(clock.now(), t.config));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    plans = Object.fromEntries((await seededPlans(t.handle.db)).map((p) => [p.name, p.id]));
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  describe('who may do what', () => {
    it('a user can neither see nor redeem another user’s position', async () => {
      const owner = await insertUser(t.handle.db, { balanceCents: 2_000_00 });
      const other = await insertUser(t.handle.db, { balanceCents: 2_000_00 });
      const position = await callerAs(t, owner).investment.open({
        planId: plans.Silver!,
        amount: 1_000,
        idempotencyKey: newKey(),
      });
      expect(await failure(callerAs(t, other).investment.get({ id: position.id }))).toEqual({
        status: 403,
        message: 'You can only see your own investments.',
      });
      expect(await failure(callerAs(t, other).investment.redeem({ id: position.id }))).toEqual({
        status: 403,
        message: 'You can only redeem your own investments.',
      });
      expect(await failure(callerAs(t, other).investment.list({ userId: owner.id }))).toMatchObject({ status: 403 });
      // Nothing moved: the position is still active and the owner's money is where it was.
      expect((await callerAs(t, owner).investment.get({ id: position.id })).status).toBe('active');
      expect(await balanceOf(t.handle.db, owner.id)).toBe(1_000_00);
      expect(await balanceOf(t.handle.db, other.id)).toBe(2_000_00);
      // The other user's own list does not show it; the admin sees it.
      expect((await callerAs(t, other).investment.list({})).items).toEqual([]);
      expect((await callerAs(t, admin).investment.get({ id: position.id })).id).toBe(position.id);

      // A month later period 1 is due: another user's refused redemption must not even pay it.
      clock.set(addMonthsUtc(new Date(position.startedAt), 1));
      expect(await failure(callerAs(t, other).investment.redeem({ id: position.id }))).toMatchObject({ status: 403 });
      expect((await callerAs(t, owner).investment.get({ id: position.id })).paidPeriods).toBe(0);
      expect(
        await failure(callerAs(t, other).investment.redeem({ id: '00000000-0000-4000-8000-000000000000' })),
      ).toEqual({ status: 404, message: 'No investment with that id exists.' });
    });

    it('only admins create, change or delete plans', async () => {
      const user = await insertUser(t.handle.db);
      const me = callerAs(t, user);
      const forbidden = { status: 403 };
      expect(await failure(me.plan.update({ id: plans.Starter!, annualRateBps: 9_900 }))).toMatchObject(forbidden);
      expect(await failure(me.plan.delete({ id: plans.Starter! }))).toMatchObject(forbidden);
      expect(
        await failure(
          me.plan.create({
            investmentPlanName: 'Mine',
            annualRateBps: 9_900,
            minAmount: 1,
            maxAmount: 10,
            termMonths: 12,
            payoutFrequency: 'monthly',
            riskLevel: 'low',
            earlyExitAllowed: true,
            capacity: null,
            investmentPlanDescription: '',
            investmentPlanImage: '',
          }),
        ),
      ).toMatchObject(forbidden);
      const starter = await callerAs(t, admin).plan.byId({ id: plans.Starter! });
      expect(starter.annualRateBps).toBe(500);
    });

    it('an archived plan refuses new investments (and quotes) with a clear 409', async () => {
      const planId = await createPlan(t, admin, { minAmount: 100, maxAmount: 999 });
      const investor = await insertUser(t.handle.db, { balanceCents: 1_000_00 });
      await callerAs(t, investor).investment.open({ planId, amount: 200, idempotencyKey: newKey() });
      const deleted = await callerAs(t, admin).plan.delete({ id: planId });
      expect(deleted.outcome).toBe('archived');
      const refusal = { status: 409, message: 'This plan is not open for new investments.' };
      expect(
        await failure(callerAs(t, investor).investment.open({ planId, amount: 200, idempotencyKey: newKey() })),
      ).toEqual(refusal);
      expect(await failure(callerAs(t, investor).investment.quote({ planId, amount: 200 }))).toEqual(refusal);
      expect(await balanceOf(t.handle.db, investor.id)).toBe(800_00);
    });
  });

  describe('opening a position', () => {
    it('a plan\u2019s capacity cannot be set below the principal it already holds (400), and nothing changes', async () => {
      const planId = await createPlan(t, admin, { minAmount: 100, maxAmount: 500, capacity: 1_000 });
      const u = await insertUser(t.handle.db, { balanceCents: 1_000_00 });
      await callerAs(t, u).investment.open({ planId, amount: 400, idempotencyKey: newKey() });
      const before = await callerAs(t, admin).plan.byId({ id: planId });
      expect(before).toMatchObject({ capacity: 1_000, remainingCapacity: 600 });
      expect(await failure(callerAs(t, admin).plan.update({ id: planId, capacity: 300 }))).toEqual({
        status: 400,
        message:
          'capacity: This plan already holds $400.00 in open investments; the capacity cannot be set below that.',
      });
      expect(await callerAs(t, admin).plan.byId({ id: planId })).toEqual(before);
      // Down to exactly what it holds is fine: it is then full.
      expect(await callerAs(t, admin).plan.update({ id: planId, capacity: 400 })).toMatchObject({
        remainingCapacity: 0,
      });
    });

    it('the quote is the schedule the position gets; opening debits the balance with an `investment` entry', async () => {
      const u = await insertUser(t.handle.db, { balanceCents: 1_000_00 });
      const me = callerAs(t, u);
      const quote = await me.investment.quote({ planId: plans.Starter!, amount: 999 });
      expect(quote).toMatchObject({ amount: 999, annualRateBps: 500, termMonths: 12, payoutFrequency: 'monthly' });
      expect(quote.payments).toHaveLength(12);
      // 999 × 5% = 49.95 over the year, paid month by month without drift.
      expect(quote.totalInterest).toBe(49.95);
      expect(cents(quote.payments.reduce((s, p) => s + p.interest, 0))).toBe(49_95);
      expect(quote.payments.at(-1)!.principal).toBe(999);

      const position = await me.investment.open({ planId: plans.Starter!, amount: 999, idempotencyKey: newKey() });
      expect(position).toMatchObject({
        status: 'active',
        amount: 999,
        startedAt: quote.startAt,
        maturityAt: quote.maturityAt,
        totalInterest: quote.totalInterest,
        paidPeriods: 0,
        totalPeriods: 12,
      });
      const detail = await me.investment.get({ id: position.id });
      expect(
        detail.schedule.map(({ period, dueAt, interest, principal }) => ({ period, dueAt, interest, principal })),
      ).toEqual(quote.payments);
      expect(detail.schedule.every((p) => p.status === 'upcoming' && p.paidAt === null)).toBe(true);
      expect(detail.amountAtMaturity).toBe(quote.amountAtMaturity);

      expect(await balanceOf(t.handle.db, u.id)).toBe(1_00);
      expect((await entriesOf(t.handle.db, u.id)).at(-1)).toEqual({
        kind: 'investment',
        amount_cents: -999_00,
        ref_type: 'investment',
        ref_id: position.id,
      });
    });

    it('a position keeps the terms it was opened with when the plan changes afterwards', async () => {
      const planId = await createPlan(t, admin, { annualRateBps: 600, minAmount: 100, maxAmount: 5_000 });
      const u = await insertUser(t.handle.db, { balanceCents: 1_000_00 });
      const position = await callerAs(t, u).investment.open({ planId, amount: 1_000, idempotencyKey: newKey() });
      const before = await callerAs(t, u).investment.get({ id: position.id });
      await callerAs(t, admin).plan.update({
        id: planId,
        annualRateBps: 1_200,
        termMonths: 24,
        payoutFrequency: 'quarterly',
        earlyExitAllowed: true,
      });
      const after = await callerAs(t, u).investment.get({ id: position.id });
      expect(after).toEqual(before);
      expect(after).toMatchObject({ annualRateBps: 600, termMonths: 12, payoutFrequency: 'monthly' });
      expect(after.earlyExitAllowed).toBe(false);
      // A new position in the same plan gets the new terms.
      const quote = await callerAs(t, u).investment.quote({ planId, amount: 1_000 });
      expect(quote).toMatchObject({ annualRateBps: 1_200, termMonths: 24, payoutFrequency: 'quarterly' });
    });

    it('amounts outside the plan’s limits are refused with 400 naming the amount', async () => {
      const u = await insertUser(t.handle.db, { balanceCents: 10_000_00 });
      const me = callerAs(t, u);
      for (const amount of [99.99, 1_000]) {
        const f = await failure(me.investment.open({ planId: plans.Starter!, amount, idempotencyKey: newKey() }));
        expect(f).toEqual({
          status: 400,
          message: 'amount: This plan takes between $100.00 and $999.00 per investment.',
        });
        expect((await failure(me.investment.quote({ planId: plans.Starter!, amount }))).status).toBe(400);
      }
      expect(await balanceOf(t.handle.db, u.id)).toBe(10_000_00);
      expect((await me.investment.list({})).items).toEqual([]);
    });

    it('a balance that does not cover the amount: 422, no position, no ledger entry', async () => {
      const u = await insertUser(t.handle.db, { balanceCents: 150_00 });
      const me = callerAs(t, u);
      expect(
        await failure(me.investment.open({ planId: plans.Starter!, amount: 150.01, idempotencyKey: newKey() })),
      ).toEqual({ status: 422, message: 'Insufficient funds: your balance does not cover this amount.' });
      const rows = await t.handle.db.selectFrom('investments').select('id').where('user_id', '=', u.id).execute();
      expect(rows).toEqual([]);
      expect((await entriesOf(t.handle.db, u.id)).map((e) => e.kind)).toEqual(['adjustment']);
      expect(await balanceOf(t.handle.db, u.id)).toBe(150_00);
    });

    it('the same idempotency key answers the first result; with other values it is a 409', async () => {
      const u = await insertUser(t.handle.db, { balanceCents: 1_000_00 });
      const me = callerAs(t, u);
      const key = newKey();
      const first = await me.investment.open({ planId: plans.Starter!, amount: 300, idempotencyKey: key });
      const again = await me.investment.open({ planId: plans.Starter!, amount: 300, idempotencyKey: key });
      expect(again).toEqual(first);
      for (const other of [
        { planId: plans.Starter!, amount: 301 },
        { planId: plans['Steady Growth Plan']!, amount: 300 },
      ]) {
        expect(await failure(me.investment.open({ ...other, idempotencyKey: key }))).toEqual({
          status: 409,
          message: 'This idempotencyKey was already used for a different investment. Use a new key for a new request.',
        });
      }
      expect(await balanceOf(t.handle.db, u.id)).toBe(700_00);
      expect((await entriesOf(t.handle.db, u.id)).filter((e) => e.kind === 'investment')).toHaveLength(1);
    });
  });

  describe('payouts on a moving clock', () => {
    it('pays interest period by period (`interest`) and the principal at maturity (`principal_return`)', async () => {
      const u = await insertUser(t.handle.db, { balanceCents: 999_00 });
      const me = callerAs(t, u);
      const position = await me.investment.open({ planId: plans.Starter!, amount: 999, idempotencyKey: newKey() });
      const quote = await me.investment.get({ id: position.id });
      const start = new Date(position.startedAt);

      // One month later: period 1 is due; paying twice pays it once.
      clock.set(addMonthsUtc(start, 1));
      await pay();
      await pay();
      let detail = await me.investment.get({ id: position.id });
      expect(detail.schedule.map((p) => p.status)).toEqual(['paid', ...Array(11).fill('upcoming')]);
      expect(detail.schedule[0]!.paidAt).toBe(clock.now().toISOString());
      expect(detail).toMatchObject({ paidPeriods: 1, interestPaid: quote.schedule[0]!.interest, status: 'active' });
      expect(await ledgerSum(t.handle.db, 'interest', u.id)).toBe(cents(quote.schedule[0]!.interest));
      expect(detail.nextPayout).toEqual({ dueAt: quote.schedule[1]!.dueAt, amount: quote.schedule[1]!.interest });

      // Just before period 2 nothing more is due.
      clock.set(new Date(addMonthsUtc(start, 2).getTime() - 1));
      await pay();
      expect((await me.investment.get({ id: position.id })).paidPeriods).toBe(1);

      // At maturity: every period, then the principal, once.
      clock.set(addMonthsUtc(start, 12));
      await pay();
      detail = await me.investment.get({ id: position.id });
      expect(detail).toMatchObject({ status: 'matured', paidPeriods: 12, closedAt: clock.now().toISOString() });
      expect(detail.nextPayout).toBeNull();
      expect(detail.schedule.every((p) => p.status === 'paid')).toBe(true);
      expect(detail.interestPaid).toBe(quote.totalInterest);
      const entries = await entriesOf(t.handle.db, u.id);
      expect(entries.filter((e) => e.kind === 'interest')).toHaveLength(12);
      expect(entries.filter((e) => e.kind === 'principal_return')).toEqual([
        { kind: 'principal_return', amount_cents: 999_00, ref_type: 'investment', ref_id: position.id },
      ]);
      expect(await balanceOf(t.handle.db, u.id)).toBe(999_00 + cents(quote.totalInterest));
      const payouts = await t.handle.db
        .selectFrom('investment_payouts')
        .select(['period', 'due_at'])
        .where('investment_id', '=', position.id)
        .orderBy('period')
        .execute();
      expect(payouts.map((p) => new Date(p.due_at).toISOString())).toEqual(quote.schedule.map((p) => p.dueAt));

      // Nothing after maturity.
      clock.advanceDays(400);
      await pay();
      expect(await balanceOf(t.handle.db, u.id)).toBe(999_00 + cents(quote.totalInterest));
      expect(await failure(me.investment.redeem({ id: position.id }))).toEqual({
        status: 409,
        message: 'This investment has matured and its principal was already returned.',
      });
      await expectVerified(t.handle.db);
    });

    it('early redemption where allowed: principal back, interest paid stays, later periods forfeited', async () => {
      const u = await insertUser(t.handle.db, { balanceCents: 2_000_00 });
      const me = callerAs(t, u);
      const position = await me.investment.open({ planId: plans.Silver!, amount: 2_000, idempotencyKey: newKey() });
      const start = new Date(position.startedAt);
      const planned = (await me.investment.get({ id: position.id })).schedule;
      clock.set(addMonthsUtc(start, 3));
      await pay();
      // Period 4 is due but not yet paid when the owner redeems: redeeming pays it first.
      clock.set(new Date(addMonthsUtc(start, 4).getTime() + 3_600_000));
      const redeemed = await me.investment.redeem({ id: position.id });
      expect(redeemed).toMatchObject({ status: 'redeemed', paidPeriods: 4, closedAt: clock.now().toISOString() });
      const interest4 = planned.slice(0, 4).reduce((s, p) => s + cents(p.interest), 0);
      expect(cents(redeemed.interestPaid)).toBe(interest4);
      expect(redeemed.nextPayout).toBeNull();
      expect(await balanceOf(t.handle.db, u.id)).toBe(2_000_00 + interest4);

      // The portfolio reads the same from the ledger: nothing invested any more, four periods of interest.
      const portfolio = await me.investment.portfolio();
      expect(portfolio).toMatchObject({
        available: 2_000 + interest4 / 100,
        invested: 0,
        interestReceived: interest4 / 100,
      });
      expect(portfolio.history.map((h) => h.invested)).toEqual([0, 2_000, 2_000, 2_000, 2_000, 2_000, 0]);

      const detail = await me.investment.get({ id: position.id });
      expect(detail.schedule.map((p) => p.status)).toEqual([...Array(4).fill('paid'), ...Array(20).fill('forfeited')]);
      expect(detail.schedule.at(-1)!.principal).toBe(0);

      // Nothing more, ever: the runner skips it, a second redemption is refused.
      clock.set(addMonthsUtc(start, 30));
      await pay();
      expect(await balanceOf(t.handle.db, u.id)).toBe(2_000_00 + interest4);
      const kinds = (await entriesOf(t.handle.db, u.id)).map((e) => e.kind);
      expect(kinds.filter((k) => k === 'interest')).toHaveLength(4);
      expect(kinds.filter((k) => k === 'principal_return')).toHaveLength(1);
      expect(await failure(me.investment.redeem({ id: position.id }))).toEqual({
        status: 409,
        message: 'This investment was already redeemed.',
      });
      const audit = await t.handle.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_id', '=', position.id)
        .execute();
      expect(audit).toEqual([{ action: 'investment.redeem' }]);
      await expectVerified(t.handle.db);
    });

    it('early redemption is refused where the plan does not allow it', async () => {
      const u = await insertUser(t.handle.db, { balanceCents: 5_000_00 });
      const position = await callerAs(t, u).investment.open({
        planId: plans.Gold!,
        amount: 5_000,
        idempotencyKey: newKey(),
      });
      expect(await failure(callerAs(t, u).investment.redeem({ id: position.id }))).toEqual({
        status: 409,
        message: 'The Gold plan does not allow early exit; the principal comes back at maturity.',
      });
      expect((await callerAs(t, u).investment.get({ id: position.id })).status).toBe('active');
      expect(await balanceOf(t.handle.db, u.id)).toBe(0);
    });
  });

  describe('referral reward', () => {
    it('the referrer gets 1% of the first investment once it has completed its first payout period; the cap is $100', async () => {
      const referrer = await insertUser(t.handle.db);
      const friend = await insertUser(t.handle.db, { balanceCents: 20_000_00, firstName: 'Grace' });
      const bigFriend = await insertUser(t.handle.db, { balanceCents: 30_000_00, firstName: 'Linus' });
      await t.handle.db
        .updateTable('users')
        .set({ referred_by: referrer.id })
        .where('id', 'in', [friend.id, bigFriend.id])
        .execute();

      const first = await callerAs(t, friend).investment.open({
        planId: plans.Gold!,
        amount: 5_432.1,
        idempotencyKey: newKey(),
      });
      await callerAs(t, friend).investment.open({ planId: plans.Gold!, amount: 9_000, idempotencyKey: newKey() });
      await callerAs(t, bigFriend).investment.open({
        planId: plans.Platinum!,
        amount: 25_000,
        idempotencyKey: newKey(),
      });
      // Opening pays nothing yet: the rewards wait for the first payout period.
      expect(await entriesOf(t.handle.db, referrer.id)).toEqual([]);
      let friends = await callerAs(t, referrer).referral.friends();
      expect(friends.totalRewards).toBe(0);
      expect(friends.friends.map((f) => [f.name, f.status, f.rewardStatus, f.reward]).sort()).toEqual([
        ['Grace U.', 'invested', 'pending', 0],
        ['Linus U.', 'invested', 'pending', 0],
      ]);

      // Both plans pay quarterly: three months on, the first period is paid and so are the rewards, once.
      clock.set(addMonthsUtc(new Date(first.startedAt), 3));
      await pay();
      // 1% of $5,432.10 = $54.321 → $54.32 (never rounded up); the friend's second investment earns nothing.
      expect(await entriesOf(t.handle.db, referrer.id)).toContainEqual({
        kind: 'referral_reward',
        amount_cents: 54_32,
        ref_type: 'referral',
        ref_id: friend.id,
      });
      // 1% of $25,000 is $250: capped at $100.
      expect(await balanceOf(t.handle.db, referrer.id)).toBe(154_32);
      expect(await ledgerSum(t.handle.db, 'referral_reward', referrer.id)).toBe(154_32);
      // Later periods pay no more rewards.
      clock.set(addMonthsUtc(new Date(first.startedAt), 6));
      await pay();
      expect(await balanceOf(t.handle.db, referrer.id)).toBe(154_32);
      // The friend pays nothing for it (their balance moved only by what they invested and were paid).
      expect(await ledgerSum(t.handle.db, 'referral_reward', friend.id)).toBe(0);

      friends = await callerAs(t, referrer).referral.friends();
      expect(friends.totalRewards).toBe(154.32);
      expect(friends.friends.map((f) => [f.name, f.status, f.rewardStatus, f.reward]).sort()).toEqual([
        ['Grace U.', 'invested', 'paid', 54.32],
        ['Linus U.', 'invested', 'paid', 100],
      ]);
      const reward = await t.handle.db
        .selectFrom('referral_rewards')
        .selectAll()
        .where('referred_user_id', '=', friend.id)
        .executeTakeFirstOrThrow();
      expect(reward.investment_id).toBe(first.id);
      await expectVerified(t.handle.db);
    });

    it('sock accounts that invest and redeem at once earn the referrer nothing, then or later', async () => {
      // The attack from issue #17: three sock accounts investing $999 and redeeming at once earned $29.97.
      const referrer = await insertUser(t.handle.db);
      const socks = await Promise.all(
        [1, 2, 3].map((i) => insertUser(t.handle.db, { balanceCents: 999_00, firstName: `Sock${i}` })),
      );
      await t.handle.db
        .updateTable('users')
        .set({ referred_by: referrer.id })
        .where(
          'id',
          'in',
          socks.map((s) => s.id),
        )
        .execute();
      for (const sock of socks) {
        const me = callerAs(t, sock);
        const position = await me.investment.open({ planId: plans.Starter!, amount: 999, idempotencyKey: newKey() });
        await me.investment.redeem({ id: position.id });
        expect(await balanceOf(t.handle.db, sock.id)).toBe(999_00);
      }
      expect(await balanceOf(t.handle.db, referrer.id)).toBe(0);
      const friends = await callerAs(t, referrer).referral.friends();
      expect(friends.friends.map((f) => f.rewardStatus)).toEqual(['forfeited', 'forfeited', 'forfeited']);

      // Investing again later brings no new reward: a referred member brings one claim, and it is spent.
      const again = await callerAs(t, socks[0]!).investment.open({
        planId: plans.Starter!,
        amount: 999,
        idempotencyKey: newKey(),
      });
      clock.set(addMonthsUtc(new Date(again.startedAt), 2));
      await pay();
      expect(await balanceOf(t.handle.db, referrer.id)).toBe(0);
      expect(await ledgerSum(t.handle.db, 'referral_reward', referrer.id)).toBe(0);
      await expectVerified(t.handle.db);
    });

    it('a first investment paying only at maturity earns the reward at maturity', async () => {
      const referrer = await insertUser(t.handle.db);
      const friend = await insertUser(t.handle.db, { balanceCents: 999_00 });
      await t.handle.db.updateTable('users').set({ referred_by: referrer.id }).where('id', '=', friend.id).execute();
      const planId = await createPlan(t, admin, { payoutFrequency: 'at_maturity', termMonths: 6 } as never);
      const position = await callerAs(t, friend).investment.open({ planId, amount: 999, idempotencyKey: newKey() });
      clock.set(addMonthsUtc(new Date(position.startedAt), 5));
      await pay();
      expect(await balanceOf(t.handle.db, referrer.id)).toBe(0);
      clock.set(addMonthsUtc(new Date(position.startedAt), 6));
      await pay();
      expect((await callerAs(t, friend).investment.get({ id: position.id })).status).toBe('matured');
      // 1% of $999 = $9.99.
      expect(await balanceOf(t.handle.db, referrer.id)).toBe(9_99);
      await expectVerified(t.handle.db);
    });
  });

  describe('badges and figures', () => {
    it('High Roller is earned by an investment over $10,000 (not at exactly $10,000)', async () => {
      const u = await insertUser(t.handle.db, { balanceCents: 20_000_01 });
      const me = callerAs(t, u);
      const highRoller = async () => (await me.reward.list()).find((r) => r.key === 'high_roller')!;
      expect((await highRoller()).earned).toBe(false);
      await me.investment.open({ planId: plans.Gold!, amount: 10_000, idempotencyKey: newKey() });
      expect((await highRoller()).earned).toBe(false);
      await me.investment.open({ planId: plans.Gold!, amount: 10_000.01, idempotencyKey: newKey() });
      expect(await highRoller()).toMatchObject({
        earned: true,
        detail: 'Earned: your largest investment was $10,000.01, over $10,000.00.',
      });
    });

    it('overview.admin and overview.home figures come from the data', async () => {
      const db = t.handle.db;
      const u = await insertUser(db, { balanceCents: 2_000_00 });
      await callerAs(t, u).investment.open({ planId: plans.Starter!, amount: 500, idempotencyKey: newKey() });
      await callerAs(t, u).investment.open({ planId: plans.Silver!, amount: 1_500, idempotencyKey: newKey() });
      clock.advanceDays(10);
      const active = await db.selectFrom('investments').selectAll().where('status', '=', 'active').execute();
      expect(active.length).toBeGreaterThan(3);
      const overview = await callerAs(t, admin).overview.admin();

      const byPlan = new Map<string, { cents: number; n: number }>();
      for (const p of active) {
        const s = byPlan.get(p.plan_id) ?? { cents: 0, n: 0 };
        byPlan.set(p.plan_id, { cents: s.cents + p.amount_cents, n: s.n + 1 });
      }
      for (const row of overview.principalByPlan) {
        const want = byPlan.get(row.planId) ?? { cents: 0, n: 0 };
        expect({ plan: row.planName, cents: cents(row.principal), n: row.positions }).toEqual({
          plan: row.planName,
          ...want,
        });
      }
      // Every active plan is listed, and an archived one only while it still holds principal.
      const activePlans = await db.selectFrom('plans').select('id').where('status', '=', 'active').execute();
      expect(new Set(overview.principalByPlan.map((p) => p.planId))).toEqual(
        new Set([...byPlan.keys(), ...activePlans.map((p) => p.id)]),
      );
      expect(byPlan.size).toBeGreaterThanOrEqual(4);
      const totalCents = active.reduce((s, p) => s + p.amount_cents, 0);
      expect(cents(overview.principalInvested)).toBe(totalCents);

      // Interest due in the next 30 days, from each position's own schedule as `get` shows it.
      const until = clock.now().getTime() + 30 * 86_400_000;
      let dueCents = 0;
      for (const p of active) {
        const detail = await callerAs(t, admin).investment.get({ id: p.id });
        for (const s of detail.schedule)
          if (s.status === 'upcoming' && new Date(s.dueAt).getTime() < until) dueCents += cents(s.interest);
      }
      expect(dueCents).toBeGreaterThan(0);
      expect(cents(overview.interestDueNext30Days)).toBe(dueCents);
      const users = await db.selectFrom('users').select(['id', balanceCentsColumn()]).execute();
      expect(overview.users).toBe(users.length);
      expect(cents(overview.balancesHeld)).toBe(users.reduce((s, u) => s + u.balance_cents, 0));
      expect(overview.platform).toEqual({ ok: true, difference: 0 });
      expect(overview.ledgerOk).toBe(true);

      const home = await callerAs(t, null).overview.home();
      const members = await db.selectFrom('users').select('id').where('account_type', '=', 'user').execute();
      expect(members.length).toBeLessThan(users.length); // the admins are not "accounts opened" (#18)
      expect(home).toMatchObject({
        accounts: members.length,
        activeInvestors: new Set(active.map((p) => p.user_id)).size,
        amountInvested: totalCents / 100,
      });
    });

    it('after all of it, ledger.verify finds every cent (users and platform)', async () => {
      await pay();
      const v = await callerAs(t, admin).ledger.verify();
      expect(v).toMatchObject({ ok: true, mismatches: [], platform: { ok: true, difference: 0 } });
      await expectVerified(t.handle.db);
    });
  });
});
