import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LimitOrderRunner, startLimitOrderRunner } from '../../src/modules/order/order.runner.ts';
import { fundTreasuryFromCli } from '../../src/modules/trade/trade.treasury.ts';
import { callerAs, insertUser, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { liveMarket, type LiveMarket } from '../../src/test/live-market.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { DETAILS, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';

// #31: limit orders on a fake feed that moves prices and a moved clock: what they set aside, when they fill (once,
// at the first fresh price whose quote reaches the limit, at exactly that quote), expiry, cancel, and waiting.
describe('limit orders', () => {
  let t: TestApp;
  let clock: ManualClock;
  let market: LiveMarket;
  let admin: TestUser;
  let runner: LimitOrderRunner;

  const as = (u: TestUser) => callerAs(t, u);
  const fund = (asset: string, amount: string) =>
    fundTreasuryFromCli(t.handle.db, { asset, amount, reason: 'test funding', refId: randomUUID() }, clock.now());
  const holding = async (u: TestUser, asset: string) =>
    (await as(u).portfolio.holdings()).items.find((i) => i.asset === asset) ?? { amount: '0', held: '0' };
  const check = async () => (await runner.runOnce())!;
  const orderOf = async (u: TestUser, id: string) => (await as(u).order.list()).items.find((o) => o.id === id)!;
  const tradesOf = (userId: string) =>
    t.handle.db.selectFrom('trades').selectAll().where('user_id', '=', userId).orderBy('seq').execute();

  beforeAll(async () => {
    clock = new ManualClock('2026-06-01T10:00:00.000Z');
    market = liveMarket(clock, { BTC: 100_000, ETH: 4_000, SOL: 100 });
    t = await startTestApp({ market, clock });
    runner = startLimitOrderRunner({ ...t.app.deps, log: t.app.log });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    await fund('BTC', '10');
    await fund('ETH', '100');
    await fund('USD', '500000');
    for (const symbol of ['BTC', 'ETH', 'SOL'])
      await as(admin).asset.update({ symbol, spreadBps: 50, feeBps: 10, minUsd: '1', maxUsd: '100000' });
  });
  beforeEach(() => {
    market.setPrices({ BTC: 100_000, ETH: 4_000, SOL: 100 });
  });
  afterAll(async () => {
    await runner.stop();
    await expectLedgerConsistent(t.handle.db);
    const verified = await as(admin).ledger.verify();
    // The platform check holds with orders open (some are left open on purpose) and filled.
    expect(verified.ok).toBe(true);
    expect(verified.platform).toEqual({ ok: true, difference: 0 });
    await t.close();
  });

  it('fills a buy once, at the first fresh price whose quote reaches the limit, at exactly that quote', async () => {
    const m = await insertUser(t.handle.db, { tier: 1, balanceCents: 10_000_00 });
    const other = await insertUser(t.handle.db, { tier: 1, balanceCents: 10_000_00 });
    const placed = await as(m).order.place({ side: 'buy', asset: 'BTC', amountUsd: '1000', limitPrice: '99000' });
    expect(placed).toMatchObject({ status: 'open', held: '1000.00', heldAsset: 'USD', limitPrice: '99000' });
    expect(await holding(m, 'USD')).toMatchObject({ amount: '9000.00', held: '1000.00' });

    // $100,000 with 0.6% spread and fee is about $100,604 a coin: above the limit, it waits and says so.
    expect(await check()).toMatchObject({ filled: 0 });
    expect((await orderOf(m, placed.id)).waiting).toMatchObject({
      id: 'order.waitingBuy',
      values: { symbol: 'BTC', limit: '99000', now: '100603.63' },
    });
    // $99,000 on the feed is still about $99,598 with spread and fee: no fill.
    market.setPrices({ BTC: 99_000, ETH: 4_000, SOL: 100 });
    expect(await check()).toMatchObject({ filled: 0 });

    // $98,000 reaches the limit, but the feed stops and the price ages past TRADE_MAX_PRICE_AGE_S first: no fill.
    market.setPrices({ BTC: 98_000, ETH: 4_000, SOL: 100 });
    market.fail();
    clock.advanceMs((t.config.TRADE_MAX_PRICE_AGE_S + 1) * 1000);
    expect(await check()).toMatchObject({ filled: 0 });
    expect((await orderOf(m, placed.id)).waiting).toMatchObject({ id: 'trade.stalePrice' });
    // The bundled snapshot never fills one either.
    market.snapshotOnly();
    expect(await check()).toMatchObject({ filled: 0 });
    expect((await tradesOf(m.id)).length).toBe(0);

    // The feed answers again at $98,300: the first fresh crossing price. It fills at what trade.quote says there.
    market.setPrices({ BTC: 98_300, ETH: 4_000, SOL: 100 });
    const quote = await as(other).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '1000' });
    expect(await check()).toMatchObject({ filled: 1 });
    expect(await check()).toMatchObject({ filled: 0 });
    market.setPrices({ BTC: 90_000, ETH: 4_000, SOL: 100 });
    expect(await check()).toMatchObject({ filled: 0 });

    const trades = await tradesOf(m.id);
    expect(trades).toHaveLength(1);
    const [trade] = (await as(m).trade.list()).items;
    const same = (x: Omit<typeof quote, 'id' | 'createdAt' | 'expiresAt'>) => ({
      from: x.from,
      to: x.to,
      fromAmount: x.fromAmount,
      toAmount: x.toAmount,
      spreadUsd: x.spreadUsd,
      feeUsd: x.feeUsd,
      grossUsd: x.grossUsd,
      prices: x.prices,
    });
    expect(same(trade!)).toEqual(same(quote));
    expect(quote.prices[0]!.priceUsd).toBe('98300');
    const filled = await orderOf(m, placed.id);
    expect(filled).toMatchObject({ status: 'filled', tradeId: trades[0]!.id, held: '0.00', waiting: null });
    expect(await holding(m, 'USD')).toMatchObject({ amount: '9000.00', held: '0.00' });
    expect(await holding(m, 'BTC')).toMatchObject({ amount: quote.toAmount, held: '0.00000000' });
    const notes = await t.handle.db.selectFrom('notifications').selectAll().where('user_id', '=', m.id).execute();
    expect(notes.filter((n) => n.kind === 'order.filled')).toHaveLength(1);
    expect(await failure(as(m).order.cancel({ id: placed.id }))).toMatchObject({
      status: 409,
      message: 'This order is no longer open: it filled.',
    });
  });

  it('what an order sets aside cannot be spent by a trade, a withdrawal or another order; cancelling returns it', async () => {
    const m = await insertUser(t.handle.db, { tier: 1, balanceCents: 1_000_00 });
    const o = await as(m).order.place({ side: 'buy', asset: 'ETH', amountUsd: '800', limitPrice: '3000' });
    expect(await failure(as(m).trade.quote({ from: 'USD', to: 'ETH', fromAmount: '300' }))).toMatchObject({
      status: 422,
      message: 'Your USD balance does not cover this trade.',
    });
    expect(
      await failure(
        as(m).withdrawal.request({ amount: 300, method: 'bank', details: DETAILS.bank, idempotencyKey: newKey() }),
      ),
    ).toMatchObject({ message: expect.stringMatching(/Insufficient funds/) });
    expect(
      await failure(as(m).order.place({ side: 'buy', asset: 'BTC', amountUsd: '300', limitPrice: '90000' })),
    ).toMatchObject({ message: expect.stringMatching(/Insufficient funds/) });
    // Another member cannot see or cancel it.
    const stranger = await insertUser(t.handle.db, { tier: 1, balanceCents: 0 });
    expect(await failure(as(stranger).order.cancel({ id: o.id }))).toMatchObject({ status: 404 });
    expect((await as(stranger).order.list()).items).toEqual([]);

    const cancelled = await as(m).order.cancel({ id: o.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', held: '0.00' });
    expect(await holding(m, 'USD')).toMatchObject({ amount: '1000.00', held: '0.00' });
    expect(await as(m).trade.quote({ from: 'USD', to: 'ETH', fromAmount: '300' })).toMatchObject({
      fromAmount: '300.00',
    });
    // A cancelled order never fills, even at a price far past its limit.
    market.setPrices({ BTC: 100_000, ETH: 1_000, SOL: 100 });
    await check();
    expect(await tradesOf(m.id)).toHaveLength(0);
    expect((await as(m).order.list({ status: 'cancelled' })).items.map((x) => x.id)).toEqual([o.id]);
  });

  it('a sale sets the coin aside; expiry returns it and tells the member once', async () => {
    const m = await insertUser(t.handle.db, { tier: 1, balanceCents: 2_000_00 });
    await as(m).trade.accept({
      quoteId: (await as(m).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '1000' })).id,
    });
    const btc = (await holding(m, 'BTC')).amount; // 0.00994000
    const expiresAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const o = await as(m).order.place({ side: 'sell', asset: 'BTC', amount: btc, limitPrice: '150000', expiresAt });
    expect(o).toMatchObject({ held: btc, heldAsset: 'BTC', expiresAt });
    expect(await holding(m, 'BTC')).toMatchObject({ amount: '0.00000000', held: btc });
    expect(await failure(as(m).trade.quote({ from: 'BTC', to: 'USD', fromAmount: '0.001' }))).toMatchObject({
      message: 'Your BTC balance does not cover this trade.',
    });
    await check();
    expect((await orderOf(m, o.id)).waiting).toMatchObject({ id: 'order.waitingSell' });

    clock.advanceMs(3_600_000);
    market.setPrices({ BTC: 200_000, ETH: 4_000, SOL: 100 });
    // Past its expiry it is closed and given back before any price is looked at: it never fills at $200,000.
    expect(await check()).toMatchObject({ expired: 1, filled: 0 });
    expect(await check()).toMatchObject({ expired: 0 });
    expect(await orderOf(m, o.id)).toMatchObject({ status: 'expired', held: '0.00000000' });
    expect(await holding(m, 'BTC')).toMatchObject({ amount: btc, held: '0.00000000' });
    const notes = await t.handle.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', m.id)
      .where('kind', '=', 'order.expired')
      .execute();
    expect(notes).toHaveLength(1);
  });

  it('a buy of a coin amount holds its cost at the limit and returns what the fill did not use', async () => {
    const m = await insertUser(t.handle.db, { tier: 1, balanceCents: 1_000_00 });
    // 0.1 ETH at a limit of $3,990 a coin (spread and fee included): $399.00 set aside.
    const o = await as(m).order.place({ side: 'buy', asset: 'ETH', amount: '0.1', limitPrice: '3990' });
    expect(o.held).toBe('399.00');
    market.setPrices({ BTC: 100_000, ETH: 3_900, SOL: 100 });
    const quote = await as(m).trade.quote({ from: 'USD', to: 'ETH', toAmount: '0.1' });
    expect(await check()).toMatchObject({ filled: 1 });
    const [trade] = await tradesOf(m.id);
    expect(trade).toMatchObject({
      from_amount: String(BigInt(quote.fromAmount.replace('.', ''))),
      to_amount: '100000000000000000',
    });
    expect(await holding(m, 'USD')).toMatchObject({
      amount: (1000 - Number(quote.fromAmount)).toFixed(2),
      held: '0.00',
    });
    expect(await holding(m, 'ETH')).toMatchObject({ amount: '0.100000000000000000' });
  });

  it('a sale for a dollar amount fills at the first price that fetches the limit', async () => {
    const m = await insertUser(t.handle.db, { tier: 1, balanceCents: 1_000_00 });
    await as(m).trade.accept({
      quoteId: (await as(m).trade.quote({ from: 'USD', to: 'ETH', fromAmount: '800' })).id,
    });
    const o = await as(m).order.place({ side: 'sell', asset: 'ETH', amountUsd: '200', limitPrice: '4100' });
    await check();
    expect((await orderOf(m, o.id)).status).toBe('open');
    market.setPrices({ BTC: 100_000, ETH: 4_200, SOL: 100 });
    const quote = await as(m).trade.quote({ from: 'ETH', to: 'USD', toAmount: '200' });
    expect(await check()).toMatchObject({ filled: 1 });
    const trades = await tradesOf(m.id);
    expect(trades.at(-1)).toMatchObject({
      from_asset: 'ETH',
      to_asset: 'USD',
      to_amount: '20000',
      from_amount: String(BigInt(quote.fromAmount.replace('.', ''))),
    });
    expect((await holding(m, 'ETH')).held).toBe('0.000000000000000000');
  });

  it('waits with the reason while the treasury cannot fill it, and fills once it can', async () => {
    const m = await insertUser(t.handle.db, { tier: 1, balanceCents: 1_000_00 });
    const o = await as(m).order.place({ side: 'buy', asset: 'SOL', amountUsd: '500', limitPrice: '120' });
    expect(await check()).toMatchObject({ filled: 0, waiting: 1 });
    expect((await orderOf(m, o.id)).waiting).toMatchObject({
      id: 'trade.treasuryEmpty',
      message: 'The platform holds no more {symbol} to sell.',
      values: { symbol: 'SOL' },
    });
    expect((await as(admin).overview.admin()).limitOrders).toMatchObject({ failedToFill: 1 });
    await fund('SOL', '100');
    expect(await check()).toMatchObject({ filled: 1 });
    expect(await orderOf(m, o.id)).toMatchObject({ status: 'filled', waiting: null });
    expect((await as(admin).overview.admin()).limitOrders).toMatchObject({ failedToFill: 0 });
  });

  it('refuses bad orders with a clear message and holds nothing', async () => {
    const m = await insertUser(t.handle.db, { tier: 1, balanceCents: 100_00 });
    const place = (input: Record<string, unknown>) =>
      failure(as(m).order.place({ side: 'buy', asset: 'BTC', limitPrice: '90000', ...input } as never));
    expect(await place({ amount: '0.001', amountUsd: '10' })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/either an amount of the coin or an amount in dollars/),
    });
    expect(await place({})).toMatchObject({ status: 400 });
    expect(await place({ amountUsd: '10.001' })).toMatchObject({ status: 400 });
    expect(await place({ amountUsd: '10', limitPrice: '0' })).toMatchObject({
      status: 400,
      message: 'The limit price must be more than zero.',
    });
    expect(await place({ amountUsd: '10', limitPrice: '1e5' })).toMatchObject({ status: 400 });
    expect(await place({ amountUsd: '10', expiresAt: '2020-01-01T00:00:00Z' })).toMatchObject({
      status: 400,
      message: 'The expiry must be in the future.',
    });
    expect(await place({ amountUsd: '10', asset: 'NOPE' })).toMatchObject({ status: 404 });
    expect(await place({ amountUsd: '10', asset: 'USD' })).toMatchObject({ status: 404 });
    expect(await place({ amountUsd: '0.50' })).toMatchObject({ message: expect.stringMatching(/at least \$1/) });
    expect(await place({ amountUsd: '200' })).toMatchObject({ message: expect.stringMatching(/Insufficient/) });
    expect(await failure(as(m).order.cancel({ id: randomUUID() }))).toMatchObject({ status: 404 });
    expect((await as(m).order.list()).items).toEqual([]);
    expect(await holding(m, 'USD')).toMatchObject({ amount: '100.00', held: '0.00' });
  });

  it('leaves an open order open across the checks (the ledger check counts its hold)', async () => {
    const m = await insertUser(t.handle.db, { tier: 1, balanceCents: 500_00 });
    await as(m).order.place({ side: 'buy', asset: 'BTC', amountUsd: '400', limitPrice: '50000' });
    await check();
    expect((await as(admin).overview.admin()).limitOrders.open).toBeGreaterThanOrEqual(1);
    const verified = await as(admin).ledger.verify();
    expect(verified.platform).toEqual({ ok: true, difference: 0 });
  });
});
