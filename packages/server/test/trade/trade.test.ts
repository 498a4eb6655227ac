import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fundTreasuryFromCli } from '../../src/modules/trade/trade.treasury.ts';
import { callerAs, insertUser, secondAdmin, TEST_PASSWORD, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { liveMarket, type LiveMarket } from '../../src/test/live-market.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { expectLedgerConsistent, failure } from '../money/money-helpers.ts';

// #30: members trade with the platform at a firm quoted price, on the journal per asset (both engines: the
// quote, the fill and the journal's constraints through either driver).
describe('trading at a firm quoted price', () => {
  let t: TestApp;
  let clock: ManualClock;
  let market: LiveMarket;
  let admin: TestUser;
  let member: TestUser;

  const as = (u: TestUser) => callerAs(t, u);
  const fund = (asset: string, amount: string) =>
    fundTreasuryFromCli(t.handle.db, { asset, amount, reason: 'test funding', refId: randomUUID() }, clock.now());
  const balances = async (u: TestUser) =>
    Object.fromEntries((await as(u).portfolio.holdings()).items.map((i) => [i.asset, i.amount]));
  const treasury = async () =>
    Object.fromEntries((await as(admin).treasury.summary()).assets.map((a) => [a.asset, a.treasury]));
  const setTerms = (symbol: string, terms: Record<string, unknown>) => as(admin).asset.update({ symbol, ...terms });

  beforeAll(async () => {
    clock = new ManualClock('2026-03-02T10:00:00.000Z');
    market = liveMarket(clock, { BTC: 100_000, ETH: 4_000 });
    t = await startTestApp({ market, clock });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    await fund('BTC', '10');
    await fund('ETH', '100');
    await fund('USD', '500000');
  });
  beforeEach(async () => {
    market.setPrices({ BTC: 100_000, ETH: 4_000 });
    await setTerms('BTC', {
      spreadBps: 50,
      feeBps: 10,
      paused: false,
      minUsd: '1',
      maxUsd: '100000',
      exposureLimitUsd: '100000000',
    });
    await setTerms('ETH', {
      spreadBps: 50,
      feeBps: 10,
      paused: false,
      minUsd: '1',
      maxUsd: '100000',
      exposureLimitUsd: '100000000',
    });
    member = await insertUser(t.handle.db, { balanceCents: 10_000_00 });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    const verified = await as(admin).ledger.verify();
    expect(verified.ok).toBe(true);
    // The platform's dollars still add up: what members paid for coins and got for them is counted.
    expect(verified.platform).toEqual({ ok: true, difference: 0 });
    await t.close();
  });

  it('lists the coins publicly with their terms and the price a quote would use', async () => {
    const assets = await callerAs(t, null).asset.list();
    const btc = assets.find((a) => a.symbol === 'BTC')!;
    expect(btc).toMatchObject({ coinId: 'bitcoin', scale: 8, tradable: true, paused: false, priceUsd: '100000' });
    expect(btc.priceAt).toBe(clock.now().toISOString());
    expect(assets.find((a) => a.symbol === 'USD')).toMatchObject({ tradable: false, scale: 2 });
  });

  it('buys with dollars at exactly the quoted numbers, and fills once on every repeat', async () => {
    const q = await as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '1000' });
    // $1,000 gross: spread 0.50% = $5.00, fee 0.10% = $1.00; $994.00 at $100,000 = 0.00994 BTC.
    expect(q).toMatchObject({
      fromAmount: '1000.00',
      toAmount: '0.00994000',
      spreadUsd: '5.00',
      feeUsd: '1.00',
      grossUsd: '1000.00',
      prices: [{ asset: 'BTC', priceUsd: '100000', at: clock.now().toISOString() }],
      expiresAt: new Date(clock.now().getTime() + 10_000).toISOString(),
    });
    const before = await treasury();
    const trade = await as(member).trade.accept({ quoteId: q.id });
    expect(trade).toMatchObject({
      quoteId: q.id,
      from: 'USD',
      to: 'BTC',
      fromAmount: '1000.00',
      toAmount: '0.00994000',
    });
    expect(await as(member).trade.accept({ quoteId: q.id })).toEqual(trade);
    expect(await balances(member)).toMatchObject({ USD: '9000.00', BTC: '0.00994000' });
    const after = await treasury();
    expect(BigInt(after.BTC!.replace('.', '')) - BigInt(before.BTC!.replace('.', ''))).toBe(-994000n);
    expect((await as(member).trade.list()).items.map((x) => x.id)).toEqual([trade.id]);
    const fills = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'trade.fill')
      .where('entity_id', '=', trade.id)
      .execute();
    expect(fills).toHaveLength(1);
  });

  it('an account holding coins cannot be closed until they are sold', async () => {
    const holder = await insertUser(t.handle.db, { balanceCents: 100_00 });
    await as(holder).trade.accept({
      quoteId: (await as(holder).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' })).id,
    });
    expect(await failure(as(holder).user.close({ currentPassword: TEST_PASSWORD }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Your account cannot be closed yet: you hold BTC \(sell or withdraw it first\)/),
    });
  });

  it("refuses another member's quote, as if it did not exist", async () => {
    const q = await as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' });
    const other = await insertUser(t.handle.db, { balanceCents: 10_000_00 });
    expect(await failure(as(other).trade.accept({ quoteId: q.id }))).toMatchObject({ status: 404 });
    expect(await balances(other)).toMatchObject({ USD: '10000.00' });
  });

  it('holds the expiry to the second on the server clock', async () => {
    const a = await as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' });
    const b = await as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' });
    clock.advanceMs(9_999);
    await as(member).trade.accept({ quoteId: a.id });
    clock.advanceMs(1);
    expect(await failure(as(member).trade.accept({ quoteId: b.id }))).toMatchObject({
      status: 409,
      message: 'This quote has expired; ask for a fresh one.',
    });
    expect(await balances(member)).toMatchObject({ USD: '9900.00' });
  });

  it('refuses quotes on a stale price, a failed feed past the age limit, and the bundled snapshot', async () => {
    clock.advanceMs(120_000);
    await as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' }); // exactly 120 s old: still fresh
    clock.advanceMs(1_000);
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' }))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Trading in BTC is paused: its last price is 121 seconds old/),
    });
    // The feed's own time counts when it is older than our fetch.
    market.setPrices({ BTC: 100_000, ETH: 4_000 }, new Date(clock.now().getTime() - 200_000));
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' }))).toMatchObject({
      status: 409,
    });
    market.setPrices({ BTC: 100_000, ETH: 4_000 });
    market.fail();
    await as(member).trade.quote({ from: 'USD', to: 'ETH', fromAmount: '100' }); // the cached copy, still young
    clock.advanceMs(121_000);
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'ETH', fromAmount: '100' }))).toMatchObject({
      status: 409,
    });
    market.snapshotOnly();
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' }))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/bundled prices are never traded at/),
    });
    const btc = (await callerAs(t, null).asset.list()).find((a) => a.symbol === 'BTC')!;
    expect(btc.priceUsd).toBeNull();
  });

  it('refuses amounts finer than the unit, outside the bounds, or beyond the balance, with the reason', async () => {
    expect(await failure(as(member).trade.quote({ from: 'BTC', to: 'USD', fromAmount: '0.000000001' }))).toMatchObject({
      status: 400,
      message: 'Amount can have at most 8 decimals',
    });
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '0.99' }))).toMatchObject({
      status: 400,
      message: 'A trade of BTC must be worth at least $1.00 before fees.',
    });
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100000.01' }))).toMatchObject({
      status: 400,
      message: 'A trade of BTC may be worth at most $100000.00 before fees.',
    });
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '10000.01' }))).toMatchObject({
      status: 422,
      message: 'Your USD balance does not cover this trade.',
    });
    expect(await failure(as(member).trade.quote({ from: 'BTC', to: 'USD', fromAmount: '0.1' }))).toMatchObject({
      status: 422,
    });
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'USD', fromAmount: '1' }))).toMatchObject({
      status: 400,
    });
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'NOPE', fromAmount: '1' }))).toMatchObject({
      status: 404,
    });
  });

  it('gets exactly the amount asked for, the platform keeping the rounding', async () => {
    const q = await as(member).trade.quote({ from: 'USD', to: 'BTC', toAmount: '0.001' });
    expect(q.toAmount).toBe('0.00100000');
    // 0.001 BTC is $100.00 at mid; with 0.6% charges the least gross that buys it is $100.61.
    expect(q.fromAmount).toBe('100.61');
    await as(member).trade.accept({ quoteId: q.id });
    const sell = await as(member).trade.quote({ from: 'BTC', to: 'USD', toAmount: '50' });
    expect(sell.toAmount).toBe('50.00');
    await as(member).trade.accept({ quoteId: sell.id });
    expect((await balances(member)).USD).toBe('9949.39');
  });

  it('converts one coin into another through dollars, shown as one trade', async () => {
    await as(member).trade.accept({
      quoteId: (await as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '5000' })).id,
    });
    const q = await as(member).trade.quote({ from: 'BTC', to: 'ETH', fromAmount: '0.01' });
    // 0.01 BTC = $1,000.00; both coins' spread and fee: 1.2% = $12.00; $988.00 at $4,000 = 0.247 ETH.
    expect(q).toMatchObject({
      grossUsd: '1000.00',
      spreadUsd: '10.00',
      feeUsd: '2.00',
      toAmount: '0.247000000000000000',
    });
    expect(q.prices.map((p) => p.asset)).toEqual(['BTC', 'ETH']);
    const trade = await as(member).trade.accept({ quoteId: q.id });
    expect(trade.from).toBe('BTC');
    expect((await balances(member)).ETH).toBe('0.247000000000000000');
    const moves = await t.handle.db
      .selectFrom('ledger_movements')
      .select(['asset', 'exchange_id'])
      .where('ref_id', '=', trade.id)
      .execute();
    expect(moves.map((m) => m.asset).sort()).toEqual(['BTC', 'ETH', 'USD']);
    expect(new Set(moves.map((m) => m.exchange_id))).toEqual(new Set([trade.id]));
  });

  it('is exact for big amounts: 12 BTC at $123,456.79', async () => {
    market.setPrices({ BTC: 123_456.79, ETH: 4_000 });
    await setTerms('BTC', { maxUsd: '2000000', spreadBps: 0, feeBps: 0 });
    await fund('BTC', '12');
    await fund('USD', '1481481.48');
    // 12 × $123,456.79 = $1,481,481.48, to the cent, both ways (no charges here).
    const whale = await insertUser(t.handle.db, { balanceCents: 148_148_148 });
    const buy = await as(whale).trade.quote({ from: 'USD', to: 'BTC', toAmount: '12' });
    expect(buy).toMatchObject({ fromAmount: '1481481.48', toAmount: '12.00000000', grossUsd: '1481481.48' });
    await as(whale).trade.accept({ quoteId: buy.id });
    expect(await balances(whale)).toMatchObject({ USD: '0.00', BTC: '12.00000000' });
    const sell = await as(whale).trade.quote({ from: 'BTC', to: 'USD', fromAmount: '12' });
    expect(sell).toMatchObject({ toAmount: '1481481.48', grossUsd: '1481481.48' });
    await as(whale).trade.accept({ quoteId: sell.id });
    expect(await balances(whale)).toMatchObject({ USD: '1481481.48' });
  });

  it('never sells coins the treasury does not hold, and refuses a sale past the exposure limit', async () => {
    const held = (await treasury()).ETH!;
    const rich = await insertUser(t.handle.db, { balanceCents: 10_000_000_00 });
    await setTerms('ETH', { maxUsd: '10000000' });
    const toBuy = (BigInt(held.replace('.', '')) + 1n).toString();
    const wei = `${toBuy.slice(0, -18) || '0'}.${toBuy.slice(-18).padStart(18, '0')}`;
    expect(await failure(as(rich).trade.quote({ from: 'USD', to: 'ETH', toAmount: wei }))).toMatchObject({
      status: 409,
      message: 'The platform holds no more ETH to sell.',
    });
    // Exposure: the treasury may hold at most $X of BTC at the current price.
    await as(member).trade.accept({
      quoteId: (await as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '5000' })).id,
    });
    const btcValue = Number((await as(admin).treasury.summary()).assets.find((a) => a.asset === 'BTC')!.exposureUsd);
    await setTerms('BTC', { exposureLimitUsd: String(Math.floor(btcValue) + 100) });
    expect(await failure(as(member).trade.quote({ from: 'BTC', to: 'USD', fromAmount: '0.01' }))).toMatchObject({
      status: 409,
      message: 'The platform cannot take more BTC right now (its holding limit); try a smaller amount.',
    });
    await as(member).trade.quote({ from: 'BTC', to: 'USD', fromAmount: '0.0001' });
  });

  it('pausing a coin refuses new quotes and quotes not yet accepted', async () => {
    const q = await as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' });
    await setTerms('BTC', { paused: true });
    expect(await failure(as(member).trade.accept({ quoteId: q.id }))).toMatchObject({
      status: 409,
      message: 'Trading in BTC is paused by the platform; try again later.',
    });
    expect(await failure(as(member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' }))).toMatchObject({
      status: 409,
    });
    expect((await callerAs(t, null).asset.list()).find((a) => a.symbol === 'BTC')!.paused).toBe(true);
    await setTerms('BTC', { paused: false });
    const audits = await t.handle.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'asset.update')
      .where('entity_id', '=', 'BTC')
      .execute();
    expect(audits.length).toBeGreaterThan(0);
  });

  it('only admins change terms, see the treasury or fund it; funding waits for a second admin', async () => {
    expect(await failure(as(member).asset.update({ symbol: 'BTC', paused: true }))).toMatchObject({ status: 403 });
    expect(await failure(as(member).treasury.summary())).toMatchObject({ status: 403 });
    expect(await failure(as(member).treasury.fund({ asset: 'BTC', amount: '1', reason: 'x' }))).toMatchObject({
      status: 403,
    });
    expect(await failure(callerAs(t, null).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '1' }))).toMatchObject({
      status: 401,
    });
    const before = await treasury();
    const ref = await as(admin).treasury.fund({ asset: 'ETH', amount: '2.5', reason: 'cold wallet top-up' });
    expect(ref.status).toBe('pending');
    expect(await treasury()).toEqual(before);
    expect(await failure(as(admin).approval.approve({ id: ref.id }))).toMatchObject({ status: 403 });
    await as(await secondAdmin(t)).approval.approve({ id: ref.id });
    const after = await treasury();
    expect(BigInt(after.ETH!.replace('.', '')) - BigInt(before.ETH!.replace('.', ''))).toBe(2_500_000_000_000_000_000n);
    expect(await failure(as(admin).treasury.fund({ asset: 'BTC', amount: '0.000000001', reason: 'x' }))).toMatchObject({
      status: 400,
    });
  });

  it('matches a hand-computed FIFO example to the cent, and holds cost and unrealised gain', async () => {
    const fifo = await insertUser(t.handle.db, { balanceCents: 30_000_00 });
    await setTerms('BTC', { spreadBps: 0, feeBps: 0 });
    const trade = async (input: Parameters<ReturnType<typeof as>['trade']['quote']>[0]) =>
      as(fifo).trade.accept({ quoteId: (await as(fifo).trade.quote(input)).id });
    market.setPrices({ BTC: 10_000, ETH: 4_000 });
    await trade({ from: 'USD', to: 'BTC', toAmount: '1' }); // lot 1: 1 BTC for $10,000.00
    market.setPrices({ BTC: 20_000, ETH: 4_000 });
    await trade({ from: 'USD', to: 'BTC', toAmount: '1' }); // lot 2: 1 BTC for $20,000.00
    market.setPrices({ BTC: 30_000, ETH: 4_000 });
    await setTerms('BTC', { feeBps: 100 });
    // Sell 1.5 BTC at $30,000: $45,000.00 gross, 1% fee $450.00, proceeds $44,550.00, shared by amount:
    // 1 BTC of lot 1: $29,700.00 − $10,000.00 = $19,700.00; 0.5 BTC of lot 2: $14,850.00 − $10,000.00 = $4,850.00.
    await trade({ from: 'BTC', to: 'USD', fromAmount: '1.5' });
    const g = await as(fifo).portfolio.gains({ year: 2026 });
    expect(g.method).toBe('fifo');
    expect(g.rows.map(({ acquiredAt: _a, disposedAt: _d, ...r }) => r)).toEqual([
      { asset: 'BTC', amount: '1.00000000', proceedsUsd: '29700.00', costUsd: '10000.00', gainUsd: '19700.00' },
      { asset: 'BTC', amount: '0.50000000', proceedsUsd: '14850.00', costUsd: '10000.00', gainUsd: '4850.00' },
    ]);
    expect(g.totalGainUsd).toBe('24550.00');
    expect((await as(fifo).portfolio.gains({ year: 2025 })).rows).toEqual([]);
    const csv = (await as(fifo).portfolio.gains({ year: 2026, format: 'csv' })).csv!;
    expect(csv).toContain('BTC,0.50000000,');
    expect(csv).toContain('not tax advice');
    const h = await as(fifo).portfolio.holdings();
    // $44,550.00 in dollars and 0.5 BTC worth $15,000.00 that cost $10,000.00.
    expect(h.items.find((i) => i.asset === 'BTC')).toMatchObject({
      amount: '0.50000000',
      priceUsd: '30000',
      valueUsd: '15000.00',
      costUsd: '10000.00',
      unrealizedUsd: '5000.00',
    });
    expect(h.totalUsd).toBe('59550.00');
    expect(h.partial).toBe(false);
    const tradesCsv = (await as(fifo).trade.list({ format: 'csv' })).csv!;
    expect(tradesCsv.trim().split('\r\n')).toHaveLength(4);
  });
});
