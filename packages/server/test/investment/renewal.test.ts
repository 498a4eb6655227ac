import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInvestment } from '@vestora/contract';
import type { TestUser } from '../../src/test/factories.ts';
import { payDuePeriods } from '../../src/modules/investment/investment.payouts.ts';
import { callerAs, insertUser, testEnv } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { balanceOf, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';
import { createPlan, entriesOf, expectVerified } from './investment-helpers.ts';

// Renewal at maturity (#21), through the tRPC caller on a clock the test moves: the choice at opening and until
// maturity, the renewal into a new position (principal, or principal and the term's interest), each reason it
// falls back to the balance, exactly once, and the books adding up after every step.
//
// Every plan here (unless a test says otherwise): 5% a year, $100 - $999, 12 months, interest monthly. $600 for
// a year pays $30.00 interest ($2.50 a month).

describe('renewal at maturity', () => {
  const clock = new ManualClock('2026-03-10T09:00:00.000Z');
  let t: TestApp;
  let admin: TestUser;
  const pay = () => payDuePeriods(t.handle.db, testEnv(clock.now(), t.config));
  const db = () => t.handle.db;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await insertUser(db(), { accountType: 'admin' });
  });
  afterAll(async () => {
    await expectLedgerConsistent(db());
    await expectVerified(db());
    await t.close();
  });

  /** A member with `balance` dollars who opens `amount` in `planId` choosing `renew`. */
  async function invest(planId: string, amount: number, renew: TInvestment['renew'], balance = amount) {
    const user = await insertUser(db(), { balanceCents: Math.round(balance * 100) });
    const position = await callerAs(t, user).investment.open({ planId, amount, idempotencyKey: newKey(), renew });
    return { user, me: callerAs(t, user), position };
  }

  /** Moves the clock to the position's maturity and runs the payout runner. */
  async function mature(position: TInvestment) {
    clock.set(new Date(position.maturityAt));
    return pay();
  }

  const renewalsOf = (id: string) =>
    db().selectFrom('investments').selectAll().where('renewed_from', '=', id).execute();
  const invested = async (planId: string) =>
    Number(
      (await db().selectFrom('plans').select('invested_cents').where('id', '=', planId).executeTakeFirstOrThrow())
        .invested_cents,
    );
  const mailsOf = (userId: string, kind: string) =>
    db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();

  it('renews the principal into a new position in the same plan, once; the interest stays in the balance', async () => {
    const planId = await createPlan(t, admin);
    const { user, me, position } = await invest(planId, 600, 'principal');
    expect(position.renew).toBe('principal');
    expect(position.renewedFromId).toBeNull();
    expect(await balanceOf(db(), user.id)).toBe(0);

    await mature(position);
    const old = await me.investment.get({ id: position.id });
    expect(old.status).toBe('matured');
    expect(old.renewalDeclined).toBeNull();
    const renewed = await renewalsOf(position.id);
    expect(renewed).toHaveLength(1);
    expect(old.renewedIntoId).toBe(renewed[0]!.id);
    const next = await me.investment.get({ id: renewed[0]!.id });
    expect(next).toMatchObject({
      status: 'active',
      amount: 600,
      planId,
      renew: 'principal',
      renewedFromId: position.id,
      // It starts when the old one matured: no day without interest.
      startedAt: position.maturityAt,
      paidPeriods: 0,
      totalPeriods: 12,
    });
    // The listing shows the choice and the link too.
    const listed = (await me.investment.list({})).items;
    expect(listed.map((p) => [p.id, p.status, p.renewedFromId, p.renewedIntoId])).toEqual([
      [next.id, 'active', position.id, null],
      [position.id, 'matured', null, next.id],
    ]);
    // The interest ($30) stays in the balance; the principal went back in, through the ledger.
    expect(await balanceOf(db(), user.id)).toBe(30_00);
    const entries = (await entriesOf(db(), user.id)).map((e) => [e.kind, Number(e.amount_cents), e.ref_id]);
    expect(entries.slice(-3)).toEqual([
      ['interest', 2_50, position.id],
      ['principal_return', 600_00, position.id],
      ['investment', -600_00, next.id],
    ]);
    expect(await invested(planId)).toBe(600_00);
    const mails = await mailsOf(user.id, 'investment.renewed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('its principal went into a new');
    expect(await mailsOf(user.id, 'investment.matured')).toEqual([]);

    // Running the maturity again, for this position or all: nothing more is paid or renewed.
    expect((await payDuePeriods(db(), testEnv(clock.now(), t.config), { investmentId: position.id })).payments).toBe(0);
    expect((await pay()).payments).toBe(0);
    expect(await renewalsOf(position.id)).toHaveLength(1);
    expect(await balanceOf(db(), user.id)).toBe(30_00);
    // The database itself refuses a second position renewed from the same one.
    await expect(
      db()
        .insertInto('investments')
        .values({
          ...renewed[0]!,
          id: randomUUID(),
          seq: undefined as never,
          idempotency_key: `x-${randomUUID()}`,
          renewed_from: position.id,
        })
        .execute(),
    ).rejects.toThrow(/renewed_from/);
    await expectVerified(db());

    // The renewed position pays on and renews again a year later (the choice carries over).
    await mature(next);
    const third = await renewalsOf(next.id);
    expect(third).toHaveLength(1);
    expect(await balanceOf(db(), user.id)).toBe(60_00);
    await expectVerified(db());
  });

  it('renews principal and the interest the term paid, taking the interest back from the balance', async () => {
    const planId = await createPlan(t, admin);
    const { user, me, position } = await invest(planId, 600, 'principalAndInterest');
    await mature(position);
    const [renewed] = await renewalsOf(position.id);
    expect(renewed).toBeDefined();
    const next = await me.investment.get({ id: renewed!.id });
    expect(next).toMatchObject({ amount: 630, renew: 'principalAndInterest', renewedFromId: position.id });
    // $2.50 × 12 = $30.00 came in period by period; all of it and the principal went into the new position.
    expect(await balanceOf(db(), user.id)).toBe(0);
    expect(await invested(planId)).toBe(630_00);
    expect((await mailsOf(user.id, 'investment.renewed'))[0]!.text_body).toContain(
      'its principal and the interest it paid went into a new',
    );
    await expectVerified(db());
  });

  it('renews on the plan’s new terms when they are not worse (a higher rate)', async () => {
    const planId = await createPlan(t, admin);
    const { me, position } = await invest(planId, 600, 'principal');
    await callerAs(t, admin).plan.update({ id: planId, annualRateBps: 600 });
    await mature(position);
    const [renewed] = await renewalsOf(position.id);
    expect((await me.investment.get({ id: renewed!.id })).annualRateBps).toBe(600);
  });

  describe('falls back to the balance, saying why', () => {
    /** Matures the position and checks that the money came back, nothing was renewed, and the reason. */
    async function expectDeclined(
      opened: { user: TestUser; me: ReturnType<typeof callerAs>; position: TInvestment },
      reason: RegExp,
      balanceCents: number,
    ) {
      const { user, me, position } = opened;
      await mature(position);
      const after = await me.investment.get({ id: position.id });
      expect(after.status).toBe('matured');
      expect(after.renewedIntoId).toBeNull();
      expect(after.renewalDeclined).toMatch(reason);
      expect(await renewalsOf(position.id)).toEqual([]);
      expect(await balanceOf(db(), user.id)).toBe(balanceCents);
      const mails = await mailsOf(user.id, 'investment.matured');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toContain('It was not renewed as you chose, because');
      expect(mails[0]!.text_body).toMatch(reason);
      expect(await mailsOf(user.id, 'investment.renewed')).toEqual([]);
      await expectVerified(db());
    }

    it('when the plan was archived', async () => {
      const planId = await createPlan(t, admin);
      const opened = await invest(planId, 600, 'principal');
      expect((await callerAs(t, admin).plan.delete({ id: planId })).outcome).toBe('archived');
      await expectDeclined(opened, /plan has been archived/, 630_00);
      expect(await invested(planId)).toBe(0);
    });

    it('when the plan is paused', async () => {
      const planId = await createPlan(t, admin);
      const opened = await invest(planId, 600, 'principalAndInterest');
      await callerAs(t, admin).plan.pause({ id: planId });
      await expectDeclined(opened, /plan is paused/, 630_00);
    });

    it('when the plan is full (its own principal leaving counts as room)', async () => {
      const planId = await createPlan(t, admin, { capacity: 1_000 });
      const opened = await invest(planId, 600, 'principalAndInterest');
      // A month later someone takes the rest (so theirs is still running at the first one's maturity).
      clock.set(new Date(clock.now().getTime() + 31 * 86_400_000));
      await invest(planId, 400, 'none');
      // $600 of room comes back at maturity; the renewal would be $630.
      await expectDeclined(opened, /plan is full/, 630_00);
      expect(await invested(planId)).toBe(400_00);
    });

    it('when the rate fell', async () => {
      const planId = await createPlan(t, admin);
      const opened = await invest(planId, 600, 'principal');
      await callerAs(t, admin).plan.update({ id: planId, annualRateBps: 450 });
      await expectDeclined(opened, /terms changed: its rate fell from 5% to 4.5% a year/, 630_00);
    });

    it('when the term grew', async () => {
      const planId = await createPlan(t, admin);
      const opened = await invest(planId, 600, 'principal');
      await callerAs(t, admin).plan.update({ id: planId, termMonths: 24 });
      await expectDeclined(opened, /its term grew from 12 to 24 months/, 630_00);
    });

    it('when principal and interest would pass the plan’s maximum', async () => {
      const planId = await createPlan(t, admin);
      // $990 for a year at 5% pays $49.50: $1,039.50 is above the $999 maximum.
      const opened = await invest(planId, 990, 'principalAndInterest');
      await expectDeclined(opened, /takes between \$100\.00 and \$999\.00 per investment/, 1_039_50);
    });

    it('when the balance no longer holds the interest part', async () => {
      const planId = await createPlan(t, admin);
      const other = await createPlan(t, admin, { minAmount: 1, maxAmount: 999 });
      const opened = await invest(planId, 600, 'principalAndInterest');
      // Eleven months in, $27.50 interest has come in; the member invests $20 of it elsewhere.
      clock.set(new Date(new Date(opened.position.maturityAt).getTime() - 86_400_000));
      await pay();
      expect(await balanceOf(db(), opened.user.id)).toBe(27_50);
      await opened.me.investment.open({ planId: other, amount: 20, idempotencyKey: newKey() });
      // At maturity: $7.50 + $2.50 + $600 = $610 cannot cover $630.
      await expectDeclined(opened, /cannot cover the \$30\.00 interest part of \$630\.00/, 610_00);
    });
  });

  describe('choosing and changing the renewal', () => {
    it('defaults to none; renewAtMaturity is the same choice; two different choices are refused', async () => {
      const planId = await createPlan(t, admin);
      const user = await insertUser(db(), { balanceCents: 1_000_00 });
      const me = callerAs(t, user);
      expect((await me.investment.open({ planId, amount: 100, idempotencyKey: newKey() })).renew).toBe('none');
      expect(
        (await me.investment.open({ planId, amount: 100, idempotencyKey: newKey(), renewAtMaturity: 'principal' }))
          .renew,
      ).toBe('principal');
      expect(
        await failure(
          me.investment.open({
            planId,
            amount: 100,
            idempotencyKey: newKey(),
            renew: 'none',
            renewAtMaturity: 'principal',
          }),
        ),
      ).toMatchObject({ status: 400 });
      expect(
        await failure(me.investment.open({ planId, amount: 100, idempotencyKey: newKey(), renew: 'always' as never })),
      ).toMatchObject({ status: 400 });
      expect(await balanceOf(db(), user.id)).toBe(800_00);
    });

    it('the owner changes it until maturity (audited); the change decides what maturity does', async () => {
      const planId = await createPlan(t, admin);
      const { user, me, position } = await invest(planId, 600, 'none');
      const changed = await me.investment.setRenewal({ id: position.id, renew: 'principal' });
      expect(changed.renew).toBe('principal');
      expect((await me.investment.get({ id: position.id })).renew).toBe('principal');
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('entity_id', '=', position.id)
        .execute();
      expect(audit).toEqual([{ action: 'investment.set_renewal', actor_id: user.id }]);

      // At the maturity time, before the runner got to it: too late (400), and nothing changed.
      clock.set(new Date(position.maturityAt));
      expect(await failure(me.investment.setRenewal({ id: position.id, renew: 'none' }))).toEqual({
        status: 400,
        message: 'This investment has reached maturity; what happens at maturity can no longer be changed.',
      });
      await pay();
      expect(await renewalsOf(position.id)).toHaveLength(1);
      expect(await failure(me.investment.setRenewal({ id: position.id, renew: 'none' }))).toMatchObject({
        status: 400,
      });
    });

    it('another member and an administrator cannot change it', async () => {
      const planId = await createPlan(t, admin);
      const { position } = await invest(planId, 600, 'principal');
      const stranger = await insertUser(db());
      expect(await failure(callerAs(t, stranger).investment.setRenewal({ id: position.id, renew: 'none' }))).toEqual({
        status: 403,
        message: 'Only the owner of an investment can choose what happens at its maturity.',
      });
      expect(await failure(callerAs(t, admin).investment.setRenewal({ id: position.id, renew: 'none' }))).toMatchObject(
        { status: 403 },
      );
      expect(
        await failure(
          callerAs(t, stranger).investment.setRenewal({ id: '00000000-0000-4000-8000-000000000000', renew: 'none' }),
        ),
      ).toMatchObject({ status: 404 });
      const row = await db()
        .selectFrom('investments')
        .select('renew')
        .where('id', '=', position.id)
        .executeTakeFirstOrThrow();
      expect(row.renew).toBe('principal');
    });

    it('a redeemed position cannot choose any more', async () => {
      const planId = await createPlan(t, admin, { earlyExitAllowed: true });
      const { me, position } = await invest(planId, 600, 'principal');
      await me.investment.redeem({ id: position.id });
      expect(await failure(me.investment.setRenewal({ id: position.id, renew: 'none' }))).toEqual({
        status: 400,
        message: 'This investment was redeemed; there is no maturity left to choose for.',
      });
    });
  });
});
