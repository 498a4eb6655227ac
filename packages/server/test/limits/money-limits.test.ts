// Proofs of issue #9's money limits: a per-user limit on deposit, withdrawal and investment requests
// (MONEY_RATE_LIMIT_PER_MIN), and at most MAX_PENDING_DEPOSITS deposit reports waiting for review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { insertPlanRow } from '../support/fixtures.ts';
import { sessionFor, trpcMutation } from '../support/http.ts';
import { DETAILS, failure, newKey } from '../money/money-helpers.ts';

describe('money requests per user (MONEY_RATE_LIMIT_PER_MIN=6)', () => {
  let t: TestApp;
  let planId: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { MONEY_RATE_LIMIT_PER_MIN: '6', MAX_PENDING_DEPOSITS: '100' } });
    planId = await insertPlanRow(t.handle.db);
  });
  afterAll(() => t.close());

  it('deposits, withdrawals and investments share one count; the 7th is 429 with Retry-After; others are not affected', async () => {
    const u = await insertUser(t.handle.db, { tier: 1, balanceCents: 10_000_00 });
    const cookie = await sessionFor(t, u);
    const deposit = () =>
      trpcMutation(t.app, 'deposit.request', { amount: 10, reference: 'TRF', idempotencyKey: newKey() }, cookie);
    const withdraw = () =>
      trpcMutation(
        t.app,
        'withdrawal.request',
        { amount: 10, method: 'bank', details: DETAILS.bank, idempotencyKey: newKey() },
        cookie,
      );
    const invest = () =>
      trpcMutation(t.app, 'investment.open', { planId, amount: 100, idempotencyKey: newKey() }, cookie);

    for (const call of [deposit, withdraw, invest, deposit, withdraw, invest]) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const call of [deposit, withdraw, invest]) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().error.message).toMatch(
        /^Too many deposit, withdrawal and investment requests\. Please wait \d+ seconds? and try again\.$/,
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    const rows = await t.handle.db
      .selectFrom('deposits')
      .select('id')
      .where('user_id', '=', u.id)
      .unionAll((eb) => eb.selectFrom('withdrawals').select('id').where('user_id', '=', u.id))
      .unionAll((eb) => eb.selectFrom('investments').select('id').where('user_id', '=', u.id))
      .execute();
    expect(rows).toHaveLength(6);

    // The limit is per user: someone else still gets through.
    const other = await insertUser(t.handle.db, { tier: 1 });
    const res = await trpcMutation(
      t.app,
      'deposit.request',
      { amount: 10, reference: 'TRF', idempotencyKey: newKey() },
      await sessionFor(t, other),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('pending deposit reports (MAX_PENDING_DEPOSITS=5)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(() => t.close());

  const report = (u: TestUser, key = newKey(), reference = 'TRF') =>
    callerAs(t, u).deposit.request({ amount: 25, reference, idempotencyKey: key });

  it('refuses the 6th pending report with 409 and a clear message; a repeated request still answers; review frees a place', async () => {
    expect(t.config.MAX_PENDING_DEPOSITS).toBe(5);
    const u = await insertUser(t.handle.db, { tier: 1 });
    const first = await report(u, 'first-key', 'TRF-1');
    for (let i = 2; i <= 5; i++) await report(u, newKey(), `TRF-${i}`);

    const refused = await failure(report(u));
    expect(refused).toEqual({
      status: 409,
      message:
        'You already have 5 deposits waiting for review (at most 5). Please wait until one is reviewed before reporting another transfer.',
    });
    // The same request sent again (same key) is not a new report: it answers the first one.
    expect((await report(u, 'first-key', 'TRF-1')).id).toBe(first.id);

    await callerAs(t, admin).deposit.review({ id: first.id, decision: 'reject', reason: 'not received' });
    await report(u);
    expect(await failure(report(u))).toMatchObject({ status: 409 });
    const pending = await t.handle.db
      .selectFrom('deposits')
      .select('id')
      .where('user_id', '=', u.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(5);
  });

  it('reports sent together cannot pass the cap: 12 at once leave exactly 5 pending', async () => {
    const u = await insertUser(t.handle.db, { tier: 1 });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => report(u, newKey(), `C-${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const pending = await t.handle.db
      .selectFrom('deposits')
      .select('id')
      .where('user_id', '=', u.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(5);
  });
});

describe('quotes, orders and alerts per user (TRADE_RATE_LIMIT_PER_MIN=4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRADE_RATE_LIMIT_PER_MIN: '4' } });
  });
  afterAll(() => t.close());

  it('a quote, a limit order, a recurring buy and an alert share one count; the 5th is 429 and writes nothing', async () => {
    const u = await insertUser(t.handle.db, { balanceCents: 1_000_00 });
    const cookie = await sessionFor(t, u);
    const alert = () =>
      trpcMutation(t.app, 'priceAlert.create', { asset: 'BTC', direction: 'above', price: '150000' }, cookie);
    const calls = [
      () => trpcMutation(t.app, 'trade.quote', { from: 'USD', to: 'BTC', fromAmount: '10' }, cookie),
      () =>
        trpcMutation(t.app, 'order.place', { side: 'buy', asset: 'BTC', amountUsd: '10', limitPrice: '1000' }, cookie),
      () => trpcMutation(t.app, 'recurringBuy.create', { asset: 'BTC', amountUsd: '10', every: 'week' }, cookie),
      alert,
    ];
    // Each is answered on its merits, and counted: the test app's market is offline, so the quote is refused for
    // its price (409, not the limit's 429); the order, the recurring buy and the alert are made.
    const statuses: number[] = [];
    for (const call of calls) statuses.push((await call()).statusCode);
    expect(statuses).toEqual([409, 200, 200, 200]);
    const alertsBefore = await t.handle.db
      .selectFrom('price_alerts')
      .select('id')
      .where('user_id', '=', u.id)
      .execute();
    expect(alertsBefore).toHaveLength(1);
    const refused = await alert();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^Too many quotes, orders and alerts\. Please wait \d+ seconds? and try again\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const alertsAfter = await t.handle.db.selectFrom('price_alerts').select('id').where('user_id', '=', u.id).execute();
    expect(alertsAfter).toHaveLength(alertsBefore.length);

    // Per user: another member still gets through.
    const other = await insertUser(t.handle.db);
    const res = await trpcMutation(
      t.app,
      'priceAlert.create',
      { asset: 'BTC', direction: 'below', price: '50000' },
      await sessionFor(t, other),
    );
    expect(res.statusCode, res.body).not.toBe(429);
  });
});
