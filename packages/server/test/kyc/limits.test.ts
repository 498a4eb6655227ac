// #33: identity tiers' withdrawal limits: what limitsView answers, and checkWithdrawalLimit's rule (tier 0
// withdraws nothing; exactly at the limit passes, one cent more fails; the rolling windows move with the clock).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerAs, insertUser, TEST_PASSWORD, type TestUser, verifyMember } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { checkWithdrawalLimit, limitsView } from '../../src/modules/kyc/kyc.limits.ts';
import { recheckAfterDowngrade } from '../../src/modules/kyc/kyc.downgrade.ts';
import { LEGACY_ROUTES } from '../../src/rest/v1/index.ts';
import { linkToken } from '../accounts/account-helpers.ts';
import { balanceOf, DETAILS, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';
import { loginAs, trpcData, trpcError, trpcMutation } from '../support/http.ts';
import { type BitcoinRig, PRICE_CENTS, startBitcoinRig } from '../bitcoin-helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('identity tier limits (the rule)', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-06-01T12:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({
      clock,
      env: { KYC_TIER1_DAILY_USD: '1000', KYC_TIER1_MONTHLY_USD: '3000', KYC_TIER2_DAILY_USD: '5000.50' },
    });
  });
  afterAll(() => t.close());

  /** A counted withdrawal row made `agoMs` before now, worth `cents` dollars (the limits read only the rows). */
  const pastWithdrawal = async (u: TestUser, cents: number, agoMs: number, status = 'pending' as const) => {
    await t.handle.db
      .insertInto('withdrawals')
      .values({
        id: randomUUID(),
        user_id: u.id,
        amount_cents: cents,
        usd_value_cents: cents,
        method: 'bank',
        details: 'PT50000201231234567890154',
        status,
        idempotency_key: `k-${randomUUID()}`,
        created_at: new Date(clock.now().getTime() - agoMs),
      })
      .execute();
  };
  const check = (u: TestUser, cents: number) =>
    t.handle.db.transaction().execute((trx) => checkWithdrawalLimit(trx, t.config, u.id, cents, clock.now()));

  it('limitsView: a new member is tier 0 with nothing to withdraw', async () => {
    const u = await insertUser(t.handle.db);
    expect(await limitsView(t.handle.db, t.config, u.id, clock.now())).toEqual({
      tier: 0,
      dailyUsd: '0.00',
      monthlyUsd: '0.00',
      usedDailyUsd: '0.00',
      usedMonthlyUsd: '0.00',
    });
  });

  it('limitsView: the tier, its limits and what the rolling day and 30 days used, in dollar strings', async () => {
    const u = await insertUser(t.handle.db, { tier: 1 });
    await pastWithdrawal(u, 100_25, 60_000);
    await pastWithdrawal(u, 200_00, 2 * DAY_MS);
    await pastWithdrawal(u, 999_00, 31 * DAY_MS); // outside both windows
    expect(await limitsView(t.handle.db, t.config, u.id, clock.now())).toEqual({
      tier: 1,
      dailyUsd: '1000.00',
      monthlyUsd: '3000.00',
      usedDailyUsd: '100.25',
      usedMonthlyUsd: '300.25',
    });
    await verifyMember(t.handle.db, u.id, 2);
    expect(await limitsView(t.handle.db, t.config, u.id, clock.now())).toMatchObject({
      tier: 2,
      dailyUsd: '5000.50',
      monthlyUsd: '200000.00',
    });
  });

  it('tier 0 may withdraw nothing, and the refusal says what tier 1 needs', async () => {
    const u = await insertUser(t.handle.db);
    const e = await failure(check(u, 1));
    expect(e.status).toBe(403);
    expect(e.message).toBe(
      'Your identity tier (0) allows no withdrawals. To withdraw, verify your identity (tier 1: legal name, date of birth, address, an identity document).',
    );
  });

  it('exactly at the daily limit passes; one cent more fails and says what is left', async () => {
    const u = await insertUser(t.handle.db, { tier: 1 });
    await pastWithdrawal(u, 400_00, 60_000);
    const e = await failure(check(u, 600_01));
    expect(e.status).toBe(403);
    expect(e.message).toBe(
      'This withdrawal ($600.01) is over your limit. Left today: $600.00; left over 30 days: $2,600.00. To withdraw more, send a proof of address (tier 2).',
    );
    expect(await check(u, 600_00)).toBe(1);
  });

  it('the 30-day limit counts too, and both windows move with the clock', async () => {
    const c = new ManualClock('2026-06-01T12:00:00.000Z');
    const u = await insertUser(t.handle.db, { tier: 1 });
    const at = (ago: number, cents: number) =>
      t.handle.db
        .insertInto('withdrawals')
        .values({
          id: randomUUID(),
          user_id: u.id,
          amount_cents: cents,
          usd_value_cents: cents,
          method: 'paypal',
          details: 'payee@example.com',
          status: 'paid',
          idempotency_key: `k-${randomUUID()}`,
          created_at: new Date(c.now().getTime() - ago),
        })
        .execute();
    await at(28 * DAY_MS, 1000_00);
    await at(10 * DAY_MS, 1000_00);
    await at(3_600_000, 900_00); // an hour ago
    const checkAt = (cents: number) =>
      t.handle.db.transaction().execute((trx) => checkWithdrawalLimit(trx, t.config, u.id, cents, c.now()));
    // Today: 100 left of 1000; 30 days: 100 left of 3000.
    expect((await failure(checkAt(100_01))).status).toBe(403);
    expect(await checkAt(100_00)).toBe(1);
    // A day and a minute later, the hour-ago request has left the day but not the 30 days.
    c.advanceMs(DAY_MS + 60_000);
    const monthly = await failure(checkAt(100_01));
    expect(monthly.message).toContain('Left today: $1,000.00; left over 30 days: $100.00.');
    // A day later the oldest (now 30 days and a minute old) has left the 30 days: the day's 1000 is free again.
    c.advanceMs(DAY_MS);
    expect(await checkAt(1000_00)).toBe(1);
    expect((await failure(checkAt(1000_01))).status).toBe(403);
  });

  it('refused, cancelled and returned requests do not count', async () => {
    const u = await insertUser(t.handle.db, { tier: 1 });
    for (const status of ['rejected', 'cancelled', 'returned'] as const)
      await pastWithdrawal(u, 1000_00, 60_000, status as never);
    expect(await check(u, 1000_00)).toBe(1);
  });
});

describe('identity tier limits on every way out, the security hold and the downgrade', () => {
  let t: TestApp;
  let admin: TestUser;
  const clock = new ManualClock('2026-06-01T12:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { KYC_TIER1_DAILY_USD: '1000', KYC_TIER1_MONTHLY_USD: '3000' } });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });
  const withdraw = (u: TestUser, amount: number, method: 'bank' | 'paypal' | 'crypto' = 'bank') =>
    callerAs(t, u).withdrawal.request({ amount, method, details: DETAILS[method], idempotencyKey: newKey() });

  it('tier 0 withdraws nothing by any method, over tRPC and HTTP; nothing is held or written', async () => {
    const u = await insertUser(t.handle.db, { balanceCents: 500_00 });
    for (const method of ['bank', 'paypal', 'crypto'] as const) {
      const e = await failure(withdraw(u, 1, method));
      expect(e.status).toBe(403);
      expect(e.message).toContain('Your identity tier (0) allows no withdrawals.');
    }
    const bitcoin = await failure(
      callerAs(t, u).withdrawal.request({
        method: 'bitcoin',
        asset: 'BTC',
        amount: '0.001',
        address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
        idempotencyKey: newKey(),
      }),
    );
    // (Without a Bitcoin wallet Bitcoin withdrawals are closed first; with one, the rig's describe below.)
    expect(bitcoin.status).toBe(409);
    const http = await trpcMutation(
      t.app,
      'withdrawal.request',
      { amount: 1, method: 'paypal', details: DETAILS.paypal, idempotencyKey: newKey() },
      await loginAs(t, u),
    );
    expect(trpcError(http)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await balanceOf(t.handle.db, u.id)).toBe(500_00);
    const rows = await t.handle.db.selectFrom('withdrawals').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toEqual([]);
    // The refused request took its lock in a transaction that rolled back: no kyc_members row was left.
    expect(await t.handle.db.selectFrom('kyc_members').select('tier').where('user_id', '=', u.id).execute()).toEqual(
      [],
    );
  });

  it('the legacy /api/v1 has no way for money to leave (every route listed), so it cannot get round the limits', () => {
    const paths = LEGACY_ROUTES.map((r) => r.path);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((p) => /withdraw|cashout|payout|transfer|send/i.test(p))).toEqual([]);
  });

  it('across methods: bank, PayPal and crypto add up in one day; exactly the limit passes, a cent more does not', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 5_000_00 });
    await withdraw(u, 400, 'bank');
    await withdraw(u, 300, 'paypal');
    const over = await failure(withdraw(u, 300.01, 'crypto'));
    expect(over.message).toContain('Left today: $300.00; left over 30 days: $2,300.00.');
    expect(await balanceOf(t.handle.db, u.id)).toBe(4_300_00);
    const last = await withdraw(u, 300, 'crypto');
    expect(last.status).toBe('pending');
    expect((await failure(withdraw(u, 0.01))).status).toBe(403);
    // A cancelled request gives its room back.
    await callerAs(t, u).withdrawal.cancel({ id: last.id });
    expect((await withdraw(u, 300)).status).toBe('pending');
    const values = await t.handle.db
      .selectFrom('withdrawals')
      .select(['amount_cents', 'usd_value_cents'])
      .where('user_id', '=', u.id)
      .execute();
    expect(values.every((v) => Number(v.usd_value_cents) === v.amount_cents)).toBe(true);
  });

  it('a retry of an accepted request replays it, even when the day is full', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 2_000_00 });
    const key = newKey();
    const input = { amount: 1000, method: 'bank' as const, details: DETAILS.bank, idempotencyKey: key };
    const first = await callerAs(t, u).withdrawal.request(input);
    expect((await callerAs(t, u).withdrawal.request(input)).id).toBe(first.id);
  });

  it('the security hold: after a password change, withdrawals wait 24 hours, and the refusal says until when', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    const cookie = await loginAs(t, u);
    const changed = await trpcMutation(
      t.app,
      'user.changePassword',
      { currentPassword: TEST_PASSWORD, newPassword: 'another long password 42' },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    const until = new Date(clock.now().getTime() + DAY_MS);
    const shown = new Date(Math.ceil(until.getTime() / 60_000) * 60_000);
    const held = await failure(withdraw(u, 10));
    expect(held.status).toBe(403);
    expect(held.message).toBe(
      `Withdrawals are paused for 24 hours after a change of your password, email address or two-factor sign-in. You can request one again from ${shown.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    );
    clock.set(new Date(until.getTime() - 1000));
    expect((await failure(withdraw(u, 10))).status).toBe(403);
    clock.set(until);
    expect((await withdraw(u, 10)).status).toBe('pending');
  });

  it('the security hold after an email change (when the link is used) and after a password reset', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    const cookie = await loginAs(t, u);
    const newEmail = `moved-${randomUUID()}@example.com`;
    await trpcMutation(t.app, 'user.changeEmail', { currentPassword: TEST_PASSWORD, newEmail }, cookie);
    // Asked for but not confirmed: no hold yet.
    const before = await withdraw(u, 1);
    expect(before.status).toBe('pending');
    const token = await linkToken(t.handle.db, newEmail, 'email.change_confirm', '/confirm-email');
    expect(trpcData(await trpcMutation(t.app, 'user.confirmEmail', { token }))).toMatchObject({ outcome: 'changed' });
    const held = await failure(withdraw({ ...u, email: newEmail }, 1));
    expect(held.message).toMatch(/^Withdrawals are paused for 24 hours/);
    clock.advanceMs(DAY_MS);
    expect((await withdraw({ ...u, email: newEmail }, 1)).status).toBe('pending');

    // A password reset by link (the forgotten-password path) holds too.
    await trpcMutation(t.app, 'user.requestPasswordReset', { email: newEmail });
    const reset = await linkToken(t.handle.db, newEmail, 'password.reset', '/reset-password');
    const res = await trpcMutation(t.app, 'user.resetPassword', {
      token: reset,
      newPassword: 'a brand new password 7',
    });
    expect(res.statusCode).toBe(200);
    expect((await failure(withdraw({ ...u, email: newEmail }, 1))).status).toBe(403);
    clock.advanceMs(DAY_MS);
  });

  it('a downgrade sends approved, unsent withdrawals the new limit does not cover back to review, audited and told', async () => {
    const u = await insertUser(t.handle.db, { tier: 2, balanceCents: 5_000_00 });
    const old = await withdraw(u, 200); // approved for the payment file, then covered
    const big = await withdraw(u, 900); // approved for the payment file, then over tier 1's day
    const paid = await withdraw(u, 300, 'paypal'); // paid by hand: gone, it counts
    const pending = await withdraw(u, 50); // still pending: stays pending
    const review = (id: string, payoutReference?: string) =>
      callerAs(t, admin).withdrawal.review({
        id,
        decision: 'approve',
        ...(payoutReference ? { payoutReference } : {}),
      });
    expect((await review(old.id)).status).toBe('approved');
    expect((await review(big.id)).status).toBe('approved');
    expect((await review(paid.id, 'PP-1')).status).toBe('paid');

    await verifyMember(t.handle.db, u.id, 1);
    const back = await t.handle.db
      .transaction()
      .execute((trx) => recheckAfterDowngrade(trx, t.config, u.id, clock.now()));
    expect(back).toEqual([big.id]);
    const status = async (id: string) =>
      (await t.handle.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    expect(await status(old.id)).toBe('approved');
    expect(await status(big.id)).toBe('pending');
    expect(await status(paid.id)).toBe('paid');
    expect(await status(pending.id)).toBe('pending');
    // The funds stay held for it; the move is audited (by the platform) and the member is told.
    expect(await balanceOf(t.handle.db, u.id)).toBe(5_000_00 - 200_00 - 900_00 - 300_00 - 50_00);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', big.id)
      .where('action', '=', 'withdrawal.backToReview')
      .execute();
    expect(audit).toEqual([{ action: 'withdrawal.backToReview', actor_id: null }]);
    const notices = await callerAs(t, u).notification.list({});
    expect(JSON.stringify(notices)).toContain('back in review');
    // An admin decides again; running the recheck again moves nothing.
    expect(
      await t.handle.db.transaction().execute((trx) => recheckAfterDowngrade(trx, t.config, u.id, clock.now())),
    ).toEqual([]);

    // An approval is checked against the limits as they are now: the one sent back is over tier 1's day (what is
    // approved or out, 200 + 300, plus its 900); the small pending one fits.
    const refused = await failure(review(big.id));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(
      "This withdrawal ($900.00) is over the member's limits as they are now (tier 1). Left today: $500.00; left over 30 days: $2,500.00. Reject it, or approve it once their limits cover it.",
    );
    expect(await status(big.id)).toBe('pending');
    expect((await review(pending.id)).status).toBe('approved');

    // Down to tier 0: nothing may leave, so every approved, unsent withdrawal goes back, and none is approved.
    await verifyMember(t.handle.db, u.id, 0);
    const allBack = await t.handle.db
      .transaction()
      .execute((trx) => recheckAfterDowngrade(trx, t.config, u.id, clock.now()));
    // (Made at the same instant of the test's clock, the two are in id order.)
    expect(allBack.sort()).toEqual([old.id, pending.id].sort());
    expect((await failure(review(old.id))).message).toBe(
      "The member's identity tier (0) allows no withdrawals now, so this one cannot be approved: reject it, or wait until they are verified again.",
    );
    // Verified again at tier 1, a day later: the rolling day has room again, so the big one is approved.
    await verifyMember(t.handle.db, u.id, 1);
    clock.advanceMs(DAY_MS + 1000);
    expect((await review(big.id)).status).toBe('approved');
    expect(await balanceOf(t.handle.db, u.id)).toBe(5_000_00 - 200_00 - 900_00 - 300_00 - 50_00);
  });
});

describe('identity tier limits: Bitcoin valued at the request price, with the dollars (#33)', () => {
  let rig: BitcoinRig;
  let ann: TestUser;
  const ADDRESS = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
  beforeAll(async () => {
    rig = await startBitcoinRig(
      { BTC_WITHDRAWALS_OPEN: 'true', KYC_TIER1_DAILY_USD: '1000', KYC_TIER1_MONTHLY_USD: '3000' },
      { livePrices: true },
    );
    ann = await insertUser(rig.t.handle.db, { firstName: 'Ann', balanceCents: 2_000_00 });
    await rig.w.tick();
    rig.chain.addBlock([rig.chain.tx(await rig.payTo(ann, 5_000_000))]);
    rig.chain.addBlock();
    await rig.w.tick();
  });
  afterAll(async () => {
    await expectLedgerConsistent(rig.t.handle.db);
    await rig.close();
  });
  const btc = (amount: string) =>
    callerAs(rig.t, ann).withdrawal.request({
      method: 'bitcoin',
      asset: 'BTC',
      amount,
      address: ADDRESS,
      idempotencyKey: newKey(),
    });
  const bank = (amount: number) =>
    callerAs(rig.t, ann).withdrawal.request({
      amount,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });

  it('tier 0 cannot withdraw Bitcoin either', async () => {
    const e = await failure(btc('0.001'));
    expect(e.status).toBe(403);
    expect(e.message).toContain('Your identity tier (0) allows no withdrawals.');
  });

  it('bank and Bitcoin count together; the Bitcoin amount (not the fee) at the price; exactly the limit passes', async () => {
    await verifyMember(rig.t.handle.db, ann.id, 1);
    expect(PRICE_CENTS).toBe(90_000_00);
    await bank(100);
    // 0.01 BTC at $90,000 = $900.00: with the $100, exactly the day's $1,000.
    const over = await failure(btc('0.01000001'));
    expect(over.status).toBe(403);
    expect(over.message).toContain('This withdrawal ($900.01) is over your limit. Left today: $900.00;');
    const w = await btc('0.01');
    expect(w.status).toBe('pending');
    const row = await rig.t.handle.db
      .selectFrom('withdrawals')
      .select(['usd_value_cents', 'amount_cents', 'sats'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount_cents: 0, sats: 1_000_000 });
    expect(Number(row.usd_value_cents)).toBe(900_00);
    expect((await failure(bank(0.01))).status).toBe(403);
    // The next day, the day's room is back (the 30 days still count both).
    rig.clock.advanceMs(DAY_MS + 1000);
    rig.market!.setPrices({ BTC: 90_000 });
    expect(await limitsView(rig.t.handle.db, rig.t.config, ann.id, rig.clock.now())).toMatchObject({
      usedDailyUsd: '0.00',
      usedMonthlyUsd: '1000.00',
    });
    expect((await btc('0.001')).status).toBe('pending');
  });

  it('no fresh Bitcoin price: refused with the reason, nothing held', async () => {
    rig.market!.fail();
    rig.clock.advanceMs(10 * 60 * 1000);
    const before = await rig.t.handle.db.selectFrom('withdrawals').select('id').execute();
    const e = await failure(btc('0.001'));
    expect(e.status).toBe(409);
    expect(e.message).toContain('there is no fresh Bitcoin price');
    expect(await rig.t.handle.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(before.length);
  });
});
