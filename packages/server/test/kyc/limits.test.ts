// #33: identity tiers' withdrawal limits: what limitsView answers, and checkWithdrawalLimit's rule (tier 0
// withdraws nothing; exactly at the limit passes, one cent more fails; the rolling windows move with the clock).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, type TestUser, verifyMember } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { checkWithdrawalLimit, limitsView } from '../../src/modules/kyc/kyc.limits.ts';
import { failure } from '../money/money-helpers.ts';

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
