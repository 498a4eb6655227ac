import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkPriceAlerts } from '../../src/modules/alert/alert.runner.ts';
import { callerAs, insertUser, type TestUser } from '../../src/test/factories.ts';
import { failure } from '../money/money-helpers.ts';
import { recurringWorld, type RecurringWorld } from './recurring-helpers.ts';

// #31: an alert fires once per crossing at a fresh price, and re-arms only after the price moved back 1 %.
describe('price alerts', () => {
  let w: RecurringWorld;
  let member: TestUser;
  const as = (u: TestUser) => callerAs(w.t, u);
  /** The feed answers `btc` now (the clock moves on 30 s first, as between two wake-ups). */
  const tick = async (btc: number) => {
    w.clock.advanceMs(30_000);
    w.market.setPrices({ BTC: btc, ETH: 4_000 });
    return checkPriceAlerts({ db: w.t.handle.db, market: w.market, clock: w.clock, config: w.t.config });
  };
  const alertNotices = async (u: TestUser) =>
    (await as(u).notification.list({ limit: 50 })).items.filter((n) => n.kind === 'alert.fired').map((n) => n.title);
  const mails = async (u: TestUser) =>
    w.t.handle.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('user_id', '=', u.id)
      .where('kind', '=', 'alert.fired')
      .execute();

  beforeAll(async () => {
    w = await recurringWorld();
  });
  beforeEach(async () => {
    member = await insertUser(w.t.handle.db, {});
    await w.t.handle.db.updateTable('price_alerts').set({ deleted_at: w.clock.now() }).execute();
    await tick(100_000);
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('fires once when the price crosses above, and again only after a 1 % move back', async () => {
    const alert = await as(member).priceAlert.create({ asset: 'BTC', direction: 'above', price: '105000' });
    expect(alert).toMatchObject({
      asset: 'BTC',
      price: '105000',
      status: 'armed',
      firedCount: 0,
      rearmPrice: '103950',
    });
    expect(await tick(104_999.99)).toEqual({ fired: 0, rearmed: 0 });
    expect(await tick(105_000)).toEqual({ fired: 1, rearmed: 0 });
    // Above for many wake-ups, even higher: no second notice.
    for (const p of [105_500, 106_000, 104_500, 105_200]) expect((await tick(p)).fired).toBe(0);
    expect(await alertNotices(member)).toEqual(['BTC is at or above $105000']);
    // Back by less than 1 % (103,950 is 1 % below 105,000): still waiting; then crossing again does nothing.
    expect(await tick(103_951)).toEqual({ fired: 0, rearmed: 0 });
    expect((await tick(105_100)).fired).toBe(0);
    let [listed] = (await as(member).priceAlert.list()).items;
    expect(listed).toMatchObject({ status: 'waiting', firedCount: 1 });
    // Back by 1 %: re-armed; the next crossing fires once more.
    expect(await tick(103_950)).toEqual({ fired: 0, rearmed: 1 });
    expect(await tick(105_001)).toEqual({ fired: 1, rearmed: 0 });
    expect((await tick(105_002)).fired).toBe(0);
    [listed] = (await as(member).priceAlert.list()).items;
    expect(listed).toMatchObject({ status: 'waiting', firedCount: 2 });
    expect(listed!.firings.map((f) => [f.crossing, f.price])).toEqual([
      [2, '105001'],
      [1, '105000'],
    ]);
    expect(await alertNotices(member)).toHaveLength(2);
    // The member's preferences: investments e-mail on by default, so each crossing was mailed once.
    expect(await mails(member)).toHaveLength(2);
  });

  it('below: fires once on the way down and re-arms 1 % above the level', async () => {
    await as(member).priceAlert.create({ asset: 'BTC', direction: 'below', price: '90000' });
    expect((await tick(90_000.01)).fired).toBe(0);
    expect((await tick(89_000)).fired).toBe(1);
    expect((await tick(85_000)).fired).toBe(0);
    expect((await tick(90_899)).rearmed).toBe(0);
    expect((await tick(90_900)).rearmed).toBe(1);
    expect((await tick(90_000)).fired).toBe(1);
    expect(await alertNotices(member)).toEqual(['BTC is at or below $90000', 'BTC is at or below $90000']);
  });

  it('never fires on a stale or snapshot price', async () => {
    await as(member).priceAlert.create({ asset: 'BTC', direction: 'above', price: '101000' });
    w.clock.advanceMs(30_000);
    // The feed's own time for the price is ten minutes ago: past TRADE_MAX_PRICE_AGE_S.
    w.market.setPrices({ BTC: 120_000 }, new Date(w.clock.now().getTime() - 600_000));
    const deps = { db: w.t.handle.db, market: w.market, clock: w.clock, config: w.t.config };
    expect((await checkPriceAlerts(deps)).fired).toBe(0);
    w.market.snapshotOnly();
    expect((await checkPriceAlerts(deps)).fired).toBe(0);
    expect(await alertNotices(member)).toEqual([]);
    expect((await tick(101_000)).fired).toBe(1);
  });

  it('follows the member: no e-mail with the investments e-mail off; a deleted alert never fires', async () => {
    await as(member).notification.setPreferences({ investments: { email: false } });
    const a = await as(member).priceAlert.create({ asset: 'BTC', direction: 'above', price: '100500' });
    const b = await as(member).priceAlert.create({ asset: 'BTC', direction: 'above', price: '100600' });
    expect(await as(member).priceAlert.delete({ id: b.id })).toEqual({ id: b.id, deleted: true });
    expect((await tick(101_000)).fired).toBe(1);
    expect(await alertNotices(member)).toEqual(['BTC is at or above $100500']);
    expect(await mails(member)).toEqual([]);
    expect((await as(member).priceAlert.list()).items.map((x) => x.id)).toEqual([a.id]);
    expect(await failure(as(member).priceAlert.delete({ id: b.id }))).toMatchObject({ status: 404 });
  });

  it("refuses bad input with a clear 4xx; another member's alert is not found", async () => {
    const me = as(member);
    expect(await failure(me.priceAlert.create({ asset: 'NOPE', direction: 'above', price: '1' }))).toMatchObject({
      status: 404,
      message: 'No coin NOPE is listed here.',
    });
    for (const price of ['0', '0.000', '1.1234567890123456789', '123456789012345678901', 'abc', '-5'])
      expect(await failure(me.priceAlert.create({ asset: 'BTC', direction: 'above', price }))).toMatchObject({
        status: 400,
      });
    expect(
      await failure(me.priceAlert.create({ asset: 'BTC', direction: 'sideways' as 'above', price: '1' })),
    ).toMatchObject({ status: 400 });
    const mine = await me.priceAlert.create({ asset: 'eth', direction: 'below', price: '3500.5' });
    expect(mine).toMatchObject({ asset: 'ETH', price: '3500.5' });
    const other = await insertUser(w.t.handle.db, {});
    expect(await failure(as(other).priceAlert.delete({ id: mine.id }))).toMatchObject({
      status: 404,
      message: 'No such price alert.',
    });
    expect((await as(other).priceAlert.list()).items).toEqual([]);
  });
});
