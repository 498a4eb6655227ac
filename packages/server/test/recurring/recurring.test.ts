import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueRecurringBuys, startRecurringBuyRunner } from '../../src/modules/recurring/recurring.runner.ts';
import { callerAs, insertUser, type TestUser } from '../../src/test/factories.ts';
import { expectLedgerConsistent, failure } from '../money/money-helpers.ts';
import { HOUR, recurringWorld, type RecurringWorld, WEEK } from './recurring-helpers.ts';

// #31: a fixed dollar amount of a coin every week or month, each period at most once, through the trade path.
describe('recurring buys', () => {
  let w: RecurringWorld;
  let member: TestUser;
  const as = (u: TestUser) => callerAs(w.t, u);
  const run = () => runDueRecurringBuys({ db: w.t.handle.db, market: w.market, clock: w.clock, config: w.t.config });
  const runs = async (u: TestUser, id: string) =>
    (await as(u).recurringBuy.list()).items
      .find((b) => b.id === id)!
      .runs.map((r) => ({
        period: r.period,
        status: r.status,
        reasonCode: r.reasonCode,
        bought: r.tradeId !== null,
      }));
  const notices = async (u: TestUser) => (await as(u).notification.list({ limit: 50 })).items.map((n) => n.title);
  const usd = async (u: TestUser) =>
    (await as(u).portfolio.holdings()).items.find((i) => i.asset === 'USD')?.amount ?? '0.00';
  const freshPrices = () => w.market.setPrices({ BTC: 100_000, ETH: 4_000 });
  /** Moves the clock by `ms`, the feed answering all along (a fresh price now). */
  const advance = (ms: number) => {
    w.clock.advanceMs(ms);
    freshPrices();
  };

  beforeAll(async () => {
    w = await recurringWorld();
  });
  beforeEach(async () => {
    freshPrices();
    await as(w.admin).asset.update({ symbol: 'BTC', paused: false });
    member = await insertUser(w.t.handle.db, { balanceCents: 1_000_00 });
    // Each case counts its own buys' runs: the earlier cases' buys are gone.
    await w.t.handle.db.updateTable('recurring_buys').set({ status: 'deleted' }).execute();
  });
  afterAll(async () => {
    await expectLedgerConsistent(w.t.handle.db);
    expect((await as(w.admin).ledger.verify()).ok).toBe(true);
    await w.t.close();
  });

  it('buys once per period across a restart and a six-hour outage, at the trade path numbers', async () => {
    const start = new Date(w.clock.now().getTime() + HOUR);
    const buy = await as(member).recurringBuy.create({
      asset: 'btc',
      amountUsd: '50',
      every: 'week',
      startAt: start.toISOString(),
    });
    expect(buy).toMatchObject({ asset: 'BTC', amountUsd: '50.00', every: 'week', status: 'active', runs: [] });
    expect(buy.nextDueAt).toBe(start.toISOString());
    expect(await run()).toMatchObject({ bought: 0 });
    advance(HOUR);
    // Restarting instances: one runner, stopped, another started at the same moment: period 1 once.
    const first = startRecurringBuyRunner(w.t.app.deps);
    await first.runOnce();
    await first.stop();
    const second = startRecurringBuyRunner(w.t.app.deps);
    await second.runOnce();
    await second.stop();
    expect(await run()).toMatchObject({ bought: 0, skipped: 0 });
    expect(await runs(member, buy.id)).toEqual([{ period: 1, status: 'bought', reasonCode: null, bought: true }]);
    // $50 at $100,000 with 0.5% spread and 0.1% fee: $49.70 of coin, as trade.quote would answer.
    const trades = (await as(member).trade.list()).items;
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ from: 'USD', to: 'BTC', fromAmount: '50.00', toAmount: '0.00049700' });
    expect(await usd(member)).toBe('950.00');
    // A six-hour outage over the next due time: when the service is back, period 2 is bought once.
    advance(WEEK + 6 * HOUR);
    const back = startRecurringBuyRunner(w.t.app.deps);
    await back.runOnce();
    await back.runOnce();
    await back.stop();
    expect(await runs(member, buy.id)).toEqual([
      { period: 2, status: 'bought', reasonCode: null, bought: true },
      { period: 1, status: 'bought', reasonCode: null, bought: true },
    ]);
    expect((await as(member).trade.list()).items).toHaveLength(2);
    expect(await usd(member)).toBe('900.00');
    expect(await notices(member)).toContain('Recurring buy: 0.00049700 BTC for $50.00');
  });

  it('after a multi-period outage the last period runs once and the earlier are missed', async () => {
    const buy = await as(member).recurringBuy.create({ asset: 'BTC', amountUsd: '20', every: 'week' });
    await run();
    advance(3 * WEEK + HOUR);
    expect(await run()).toMatchObject({ bought: 1, skipped: 0 });
    expect(await run()).toMatchObject({ bought: 0, skipped: 0 });
    const list = (await as(member).recurringBuy.list()).items.find((b) => b.id === buy.id)!;
    expect(list.runs.map((r) => [r.period, r.status, r.reason])).toEqual([
      [4, 'bought', null],
      [3, 'skipped', 'missed while the service was down'],
      [2, 'skipped', 'missed while the service was down'],
      [1, 'bought', null],
    ]);
    expect((await as(member).trade.list()).items).toHaveLength(2);
    expect(await notices(member)).toContain('Recurring buy of BTC: 2 periods skipped');
  });

  it('skips a period whose balance is short, records and notifies it, and never retries it', async () => {
    const poor = await insertUser(w.t.handle.db, { balanceCents: 30_00 });
    const buy = await as(poor).recurringBuy.create({ asset: 'BTC', amountUsd: '50', every: 'month' });
    expect(await run()).toMatchObject({ bought: 0, skipped: 1 });
    expect(await run()).toMatchObject({ bought: 0, skipped: 0 });
    const [r] = (await as(poor).recurringBuy.list()).items.find((b) => b.id === buy.id)!.runs;
    expect(r).toMatchObject({ period: 1, status: 'skipped', reasonCode: 'balance', tradeId: null });
    expect(r!.reason).toBe('Your USD balance does not cover this trade.');
    expect(await notices(poor)).toContain('Recurring buy of BTC skipped');
    // Later in the period: still not bought (the period was decided, never retried).
    advance(HOUR);
    expect(await run()).toMatchObject({ bought: 0, skipped: 0 });
    expect(await usd(poor)).toBe('30.00');
    // The skip was e-mailed (a money event: that channel is always on).
    const mails = await w.t.handle.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('user_id', '=', poor.id)
      .where('kind', '=', 'recurring.skipped')
      .execute();
    expect(mails).toHaveLength(1);
    // Admins see it on the Overview: the skip with its reason, and the week's counts.
    const o = await as(w.admin).overview.automation();
    expect(o.recentSkips.find((x) => x.recurringBuyId === buy.id)).toMatchObject({
      recurringBuyId: buy.id,
      userId: poor.id,
      reasonCode: 'balance',
    });
    expect(o.skippedLast7d).toBeGreaterThanOrEqual(1);
    expect(o.boughtLast7d).toBeGreaterThanOrEqual(1);
  });

  it('skips a period whose coin is paused by the platform', async () => {
    const buy = await as(member).recurringBuy.create({ asset: 'BTC', amountUsd: '10', every: 'week' });
    await as(w.admin).asset.update({ symbol: 'BTC', paused: true });
    expect(await run()).toMatchObject({ skipped: 1 });
    expect((await runs(member, buy.id))[0]).toMatchObject({ period: 1, status: 'skipped', reasonCode: 'paused' });
    await as(w.admin).asset.update({ symbol: 'BTC', paused: false });
    expect(await run()).toMatchObject({ bought: 0, skipped: 0 });
  });

  it('waits for a fresh price up to two minutes after the period fell due, then skips it as stale', async () => {
    const a = await as(member).recurringBuy.create({ asset: 'BTC', amountUsd: '10', every: 'week' });
    // The feed's last price is ten minutes old (it stopped answering).
    w.market.setPrices({ BTC: 100_000 }, new Date(w.clock.now().getTime() - 600_000));
    expect(await run()).toMatchObject({ bought: 0, skipped: 0, waiting: 1 });
    w.clock.advanceMs(119_000);
    expect(await run()).toMatchObject({ waiting: 1 });
    // The feed answers within the two minutes: bought.
    freshPrices();
    expect(await run()).toMatchObject({ bought: 1 });
    expect((await runs(member, a.id))[0]).toMatchObject({ period: 1, status: 'bought' });
    // Next week the feed stays silent past the two minutes: skipped with the price's age.
    w.clock.advanceMs(WEEK - 119_000);
    w.market.setPrices({ BTC: 100_000 }, new Date(w.clock.now().getTime() - 600_000));
    expect(await run()).toMatchObject({ waiting: 1 });
    w.clock.advanceMs(120_000);
    expect(await run()).toMatchObject({ skipped: 1 });
    const list = (await as(member).recurringBuy.list()).items.find((b) => b.id === a.id)!;
    expect(list.runs[0]).toMatchObject({ period: 2, status: 'skipped', reasonCode: 'stale' });
    expect(list.runs[0]!.reason).toMatch(/^Trading in BTC is paused: its last price is \d+ seconds old/);
    freshPrices();
    expect(await run()).toMatchObject({ bought: 0, skipped: 0 });
  });

  it('pausing is immediate, a period due while paused is not bought, and deleting stops it', async () => {
    const buy = await as(member).recurringBuy.create({ asset: 'BTC', amountUsd: '10', every: 'week' });
    expect((await as(member).recurringBuy.pause({ id: buy.id })).status).toBe('paused');
    expect(await run()).toMatchObject({ bought: 0, skipped: 0 });
    advance(HOUR);
    const resumed = await as(member).recurringBuy.resume({ id: buy.id });
    expect(resumed.status).toBe('active');
    // Period 1 fell due while paused: the next one is period 2, a week after the start.
    expect(resumed.nextDueAt).toBe(new Date(new Date(buy.startAt).getTime() + WEEK).toISOString());
    expect(await run()).toMatchObject({ bought: 0, skipped: 0 });
    expect(await runs(member, buy.id)).toEqual([]);
    advance(WEEK);
    expect(await run()).toMatchObject({ bought: 1 });
    expect(await runs(member, buy.id)).toEqual([{ period: 2, status: 'bought', reasonCode: null, bought: true }]);
    expect(await as(member).recurringBuy.delete({ id: buy.id })).toEqual({ id: buy.id, deleted: true });
    expect((await as(member).recurringBuy.list()).items.map((b) => b.id)).not.toContain(buy.id);
    advance(WEEK);
    expect(await run()).toMatchObject({ bought: 0, skipped: 0 });
    expect(await failure(as(member).recurringBuy.resume({ id: buy.id }))).toMatchObject({ status: 404 });
    expect((await as(member).trade.list()).items).toHaveLength(1);
  });

  it('monthly buys fall on the start day, clamped to the month end', async () => {
    const buy = await as(member).recurringBuy.create({ asset: 'BTC', amountUsd: '10', every: 'month' });
    expect(await run()).toMatchObject({ bought: 1 });
    const next = (await as(member).recurringBuy.list()).items.find((b) => b.id === buy.id)!.nextDueAt;
    const start = new Date(buy.startAt);
    expect(new Date(next).getUTCDate()).toBe(start.getUTCDate());
    expect(new Date(next).getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
  });

  it("refuses bad input with a clear 4xx, and another member's buy is not found", async () => {
    const me = as(member);
    expect(await failure(me.recurringBuy.create({ asset: 'NOPE', amountUsd: '10', every: 'week' }))).toMatchObject({
      status: 404,
      message: 'No coin NOPE is traded here.',
    });
    expect(await failure(me.recurringBuy.create({ asset: 'USD', amountUsd: '10', every: 'week' }))).toMatchObject({
      status: 404,
    });
    expect(await failure(me.recurringBuy.create({ asset: 'BTC', amountUsd: '0.5', every: 'week' }))).toMatchObject({
      status: 400,
      message: 'A recurring buy of BTC must be between $1.00 and $100000.00.',
    });
    expect(await failure(me.recurringBuy.create({ asset: 'BTC', amountUsd: '1.001', every: 'week' }))).toMatchObject({
      status: 400,
    });
    expect(
      await failure(
        me.recurringBuy.create({ asset: 'BTC', amountUsd: '10', every: 'week', startAt: '2020-01-01T00:00:00Z' }),
      ),
    ).toMatchObject({ status: 400, message: 'The start must not be in the past.' });
    expect(
      await failure(me.recurringBuy.create({ asset: 'BTC', amountUsd: '10', every: 'week', startAt: 'tomorrow' })),
    ).toMatchObject({ status: 400 });
    expect(
      await failure(me.recurringBuy.create({ asset: 'BTC', amountUsd: '10', every: 'day' as 'week' })),
    ).toMatchObject({ status: 400 });
    const mine = await me.recurringBuy.create({ asset: 'BTC', amountUsd: '10', every: 'week' });
    const other = await insertUser(w.t.handle.db, {});
    for (const call of [
      () => as(other).recurringBuy.pause({ id: mine.id }),
      () => as(other).recurringBuy.resume({ id: mine.id }),
      () => as(other).recurringBuy.delete({ id: mine.id }),
    ])
      expect(await failure(call())).toMatchObject({ status: 404, message: 'No such recurring buy.' });
    expect((await as(other).recurringBuy.list()).items).toEqual([]);
    expect((await me.recurringBuy.list()).items.map((b) => b.id)).toContain(mine.id);
  });
});
