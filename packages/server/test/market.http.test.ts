import { ZMarketCoins } from '@vestora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketCache, type MarketService } from '../src/modules/market/market.service.ts';
import { readSnapshotFile } from '../src/modules/market/market.snapshot.ts';
import { type FakeMarketFeed, startFakeMarketFeed } from '../src/test/fake-market-feed.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';

describe('GET /trpc/market.coins', () => {
  let feed: FakeMarketFeed;
  let t: TestApp;
  // One app (a database start is the slow part); each test points it at the market it needs.
  let market: MarketService;
  beforeAll(async () => {
    feed = await startFakeMarketFeed();
    market = createMarketCache({ feedUrl: feed.url, ttlMs: 120_000, timeoutMs: 2_000 });
    t = await startTestApp({ market: { getCoins: () => market.getCoins() } });
  });
  afterAll(async () => {
    await t?.close();
    await feed?.close();
  });

  it('answers an anonymous visitor with the live coins in plain JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/market.coins' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['result']);
    const data = ZMarketCoins.strict().parse(body.result.data);
    expect(data.source).toBe('live');
    expect(data.coins).toHaveLength(250);
    expect(Number.isNaN(Date.parse(data.fetchedAt))).toBe(false);
    // Only the contract's fields go out, not everything the feed sent.
    expect(Object.keys(data.coins[0] ?? {}).sort()).toEqual([
      'current_price',
      'id',
      'image',
      'market_cap',
      'name',
      'price_change_percentage_24h',
      'symbol',
      'total_volume',
    ]);
    expect(body.result.data.coins[0]).not.toHaveProperty('market_cap_rank');
  });

  it('serves 30 concurrent visitors from one upstream call', async () => {
    market = createMarketCache({ feedUrl: feed.url, ttlMs: 120_000, timeoutMs: 2_000 });
    const before = feed.requests;
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => t.app.inject({ method: 'GET', url: '/trpc/market.coins' })),
    );
    expect(replies.every((r) => r.statusCode === 200 && r.json().result.data.source === 'live')).toBe(true);
    expect(feed.requests).toBe(before + 1);
  });

  it('answers 200 with the bundled snapshot, marked as such, when the feed never answered', async () => {
    market = createMarketCache({
      feedUrl: 'http://127.0.0.1:9',
      ttlMs: 120_000,
      timeoutMs: 2_000,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const res = await t.app.inject({ method: 'GET', url: '/trpc/market.coins' });
    expect(res.statusCode).toBe(200);
    const data = ZMarketCoins.parse(res.json().result.data);
    const snapshot = readSnapshotFile();
    expect(data.source).toBe('snapshot');
    expect(data.fetchedAt).toBe(snapshot.takenAt);
    expect(data.coins).toEqual(snapshot.coins);
  });
});
