import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMarketCache, type MarketService } from '../src/modules/market/market.service.ts';
import { type FakeMarketFeed, fakeMarketChart, startFakeMarketFeed } from '../src/test/fake-market-feed.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { trpcData, trpcError, trpcQuery } from './support/http.ts';

describe('market.chart: one coin price history from the feed, cached', () => {
  let feed: FakeMarketFeed;
  let t: TestApp;
  let market: MarketService;
  const clock = new ManualClock(new Date('2026-11-27T12:00:00Z'));
  beforeAll(async () => {
    feed = await startFakeMarketFeed();
    t = await startTestApp({
      market: {
        getCoins: () => market.getCoins(),
        getReply: () => market.getReply(),
        cacheAgeSeconds: () => market.cacheAgeSeconds(),
        getChart: (coinId, days) => market.getChart(coinId, days),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await feed?.close();
  });
  beforeEach(() => {
    feed.behave({ kind: 'ok' });
    market = createMarketCache({ db: t.handle.db, feedUrl: feed.url, ttlMs: 120_000, timeoutMs: 30_000, clock });
  });

  const chart = (input: unknown) => trpcQuery(t.app, 'market.chart', input);

  it("serves the chosen coin's own prices from market_chart, and asks the feed once per TTL", async () => {
    const before = feed.chartRequests.length;
    const eth = trpcData(await chart({ coinId: 'ethereum', days: 30 }));
    const coin = feed.coins.find((c) => c.id === 'ethereum')!;
    expect(eth).toMatchObject({ coinId: 'ethereum', days: 30, source: 'live' });
    expect(eth.prices).toEqual(fakeMarketChart(coin, 30).prices);
    expect(eth.prices).toHaveLength(31);
    const btc = trpcData(await chart({ coinId: 'bitcoin', days: 30 }));
    expect(btc.prices).not.toEqual(eth.prices);
    expect(feed.chartRequests.slice(before)).toEqual(['ethereum:30', 'bitcoin:30']);
    // Within the TTL the cached answer; after it, the feed again.
    trpcData(await chart({ coinId: 'ethereum', days: 30 }));
    expect(feed.chartRequests.length - before).toBe(2);
    clock.advanceMs(121_000);
    trpcData(await chart({ coinId: 'ethereum', days: 30 }));
    expect(feed.chartRequests.slice(before + 2)).toEqual(['ethereum:30']);
  });

  it('when the feed fails, serves the last good answer as stale; with none, a clear 503; unknown coins 404', async () => {
    trpcData(await chart({ coinId: 'solana', days: 7 }));
    clock.advanceMs(121_000);
    feed.behave({ kind: 'status', status: 500 });
    const stale = trpcData(await chart({ coinId: 'solana', days: 7 }));
    expect(stale).toMatchObject({ coinId: 'solana', source: 'stale' });
    expect(stale.prices.length).toBeGreaterThan(0);
    const none = trpcError(await chart({ coinId: 'cardano', days: 90 }));
    expect(none.status).toBe(503);
    expect(none.message).toBe('The price history is not available right now. Please try again shortly.');
    feed.behave({ kind: 'ok' });
    const missing = trpcError(await chart({ coinId: 'no-such-coin', days: 7 }));
    expect(missing.status).toBe(404);
  });

  it('validates its input: a coin id and one of the offered periods', async () => {
    for (const bad of [{ coinId: '../markets', days: 7 }, { coinId: 'bitcoin', days: 3 }, { coinId: 'bitcoin' }, {}])
      expect(trpcError(await chart(bad)).status).toBe(400);
  });
});
