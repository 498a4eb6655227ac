import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db.ts';
import {
  createMarketCache,
  type MarketLogger,
  type MarketService,
  type MarketServiceOptions,
} from '../src/modules/market/market.service.ts';
import { readSnapshotFile } from '../src/modules/market/market.snapshot.ts';
import { type FakeFeedBehaviour, type FakeMarketFeed, startFakeMarketFeed } from '../src/test/fake-market-feed.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { createTestDb } from '../src/test/test-db.ts';

const TTL_MS = 120_000;
const BACKOFF_MS = 30_000;
const START = '2026-03-01T10:00:00.000Z';

/** A logger that remembers what it was told. */
function recordingLogger() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const log: MarketLogger = {
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
    info: (obj, msg) => lines.push({ level: 'info', msg, obj }),
    error: (obj, msg) => lines.push({ level: 'error', msg, obj }),
  };
  return { log, warnings: () => lines.filter((l) => l.level === 'warn') };
}

// One database for the file; every test starts from an empty cache table (as on a fresh install).
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.deleteFrom('market_cache').execute();
});

/** A cache on the fake feed and the test database, with a hand-moved clock. */
function setup(feed: FakeMarketFeed, extra: Partial<MarketServiceOptions> = {}) {
  const clock = new ManualClock(START);
  const { log, warnings } = recordingLogger();
  const market = createMarketCache({
    db: handle.db,
    feedUrl: feed.url,
    ttlMs: TTL_MS,
    // Generous, so a loaded machine never turns a good answer into a timeout; the timeout tests pass their own.
    timeoutMs: 30_000,
    backoffMs: BACKOFF_MS,
    clock,
    log,
    ...extra,
  });
  return { market, clock, warnings };
}

const callMany = (n: number, market: MarketService) => Promise.all(Array.from({ length: n }, () => market.getCoins()));

describe('market cache against a fake feed', () => {
  let feed: FakeMarketFeed;
  beforeAll(async () => {
    feed = await startFakeMarketFeed();
  });
  afterAll(() => feed.close());
  afterEach(() => feed.behave({ kind: 'ok' }));

  it('asks the feed for the top 250 coins by market cap in USD', async () => {
    const { market } = setup(feed);
    const before = feed.requests;
    const res = await market.getCoins();
    expect(feed.requests).toBe(before + 1);
    expect(Object.fromEntries(feed.lastQuery ?? [])).toEqual({
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: '250',
      page: '1',
    });
    expect(res.source).toBe('live');
    expect(res.fetchedAt).toBe(START);
    expect(res.coins).toHaveLength(250);
    expect(res.coins[0]).toEqual({
      id: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'btc',
      image: feed.coins[0]?.image,
      current_price: feed.coins[0]?.current_price,
      price_change_percentage_24h: feed.coins[0]?.price_change_percentage_24h,
      total_volume: feed.coins[0]?.total_volume,
      market_cap: feed.coins[0]?.market_cap,
      // #30: the feed's own time for the price (a trade's price ages from it).
      last_updated: feed.coins[0]?.last_updated,
    });
  });

  it('makes exactly one upstream call for 50 concurrent callers', async () => {
    const { market } = setup(feed);
    const before = feed.requests;
    const release = feed.hold();
    const all = callMany(50, market);
    await feed.waitForRequests(before + 1);
    release();
    const results = await all;
    expect(feed.requests).toBe(before + 1);
    expect(new Set(results.map((r) => r.fetchedAt)).size).toBe(1);
    expect(results.every((r) => r.source === 'live' && r.coins.length === 250)).toBe(true);
  });

  it('does not call the feed again within the TTL', async () => {
    const { market, clock } = setup(feed);
    const first = await market.getCoins();
    const before = feed.requests;
    clock.advanceMs(TTL_MS - 1);
    const again = await callMany(20, market);
    expect(feed.requests).toBe(before);
    expect(again.every((r) => r.source === 'live' && r.fetchedAt === first.fetchedAt)).toBe(true);
  });

  it('refreshes exactly once after the TTL, however many callers ask', async () => {
    const { market, clock } = setup(feed);
    const first = await market.getCoins();
    clock.advanceMs(TTL_MS);
    const before = feed.requests;
    const release = feed.hold();
    const all = callMany(50, market);
    await feed.waitForRequests(before + 1);
    release();
    const results = await all;
    expect(feed.requests).toBe(before + 1);
    const fetchedAt = clock.now().toISOString();
    expect(fetchedAt).not.toBe(first.fetchedAt);
    expect(results.every((r) => r.source === 'live' && r.fetchedAt === fetchedAt)).toBe(true);
  });

  it('waits for a slow feed that answers within the timeout', async () => {
    feed.behave({ kind: 'ok', delayMs: 50 });
    const { market } = setup(feed);
    expect((await market.getCoins()).source).toBe('live');
  });

  const outages: [string, FakeFeedBehaviour][] = [
    ['answers 500', { kind: 'status', status: 500 }],
    ['answers 503 with HTML', { kind: 'status', status: 503, body: '<html>Down for maintenance</html>' }],
    ['hangs past the timeout', { kind: 'hang' }],
    ['rate-limits (429)', { kind: 'rate-limited' }],
    ['sends broken JSON', { kind: 'garbage' }],
    [
      'sends JSON that is not a coin list',
      { kind: 'json', body: { status: { error_code: 10002, error_message: 'x' } } },
    ],
    ['sends a list without a usable coin', { kind: 'json', body: [{ id: 1 }, null, 'bitcoin'] }],
    ['sends an empty list', { kind: 'json', body: [] }],
  ];

  describe.each(outages)('when the feed %s after a good fetch', (_label, behaviour) => {
    it('serves the last good data as stale with its original fetchedAt, logs once and backs off', async () => {
      const { market, clock, warnings } = setup(feed, { timeoutMs: 300 });
      const good = await market.getCoins();
      feed.behave(behaviour);
      clock.advanceMs(TTL_MS + 1);
      const before = feed.requests;

      const during = await callMany(20, market);
      expect(feed.requests).toBe(before + 1);
      for (const r of during) {
        expect(r.source).toBe('stale');
        expect(r.fetchedAt).toBe(good.fetchedAt);
        expect(r.coins).toEqual(good.coins);
      }
      expect(warnings()).toHaveLength(1);

      // Still inside the back-off: more visitors do not reach the feed, and nothing more is logged.
      clock.advanceMs(BACKOFF_MS - 1);
      await callMany(10, market);
      expect(feed.requests).toBe(before + 1);
      expect(warnings()).toHaveLength(1);
    });
  });

  it('tries again after the back-off and serves live data once the feed recovers', async () => {
    const { market, clock, warnings } = setup(feed);
    const good = await market.getCoins();
    feed.behave({ kind: 'status', status: 500 });
    clock.advanceMs(TTL_MS);
    const before = feed.requests;
    expect((await market.getCoins()).source).toBe('stale');

    clock.advanceMs(BACKOFF_MS);
    expect((await market.getCoins()).source).toBe('stale');
    expect(feed.requests).toBe(before + 2);
    expect(warnings()).toHaveLength(2);

    // Consecutive failures double the pause: 60 s now, so 30 s later the feed is left alone.
    feed.behave({ kind: 'ok' });
    clock.advanceMs(BACKOFF_MS);
    expect((await market.getCoins()).source).toBe('stale');
    expect(feed.requests).toBe(before + 2);

    clock.advanceMs(BACKOFF_MS);
    const back = await market.getCoins();
    expect(feed.requests).toBe(before + 3);
    expect(back.source).toBe('live');
    expect(back.fetchedAt).toBe(clock.now().toISOString());
    expect(back.fetchedAt).not.toBe(good.fetchedAt);
  });

  it("respects the feed's Retry-After when rate-limited", async () => {
    const { market, clock } = setup(feed);
    await market.getCoins();
    feed.behave({ kind: 'rate-limited', retryAfter: '300' });
    clock.advanceMs(TTL_MS);
    const before = feed.requests;
    expect((await market.getCoins()).source).toBe('stale');
    expect(feed.requests).toBe(before + 1);

    feed.behave({ kind: 'ok' });
    clock.advanceMs(299_000);
    expect((await market.getCoins()).source).toBe('stale');
    expect(feed.requests).toBe(before + 1);

    clock.advanceMs(1_000);
    expect((await market.getCoins()).source).toBe('live');
    expect(feed.requests).toBe(before + 2);
  });

  it('understands a Retry-After given as an HTTP date', async () => {
    const { market, clock } = setup(feed);
    await market.getCoins();
    clock.advanceMs(TTL_MS);
    feed.behave({ kind: 'rate-limited', retryAfter: new Date(clock.now().getTime() + 600_000).toUTCString() });
    const before = feed.requests;
    await market.getCoins();
    feed.behave({ kind: 'ok' });
    clock.advanceMs(599_000);
    expect((await market.getCoins()).source).toBe('stale');
    expect(feed.requests).toBe(before + 1);
    clock.advanceMs(1_000);
    expect((await market.getCoins()).source).toBe('live');
  });
});

describe('market cache when the feed has never answered', () => {
  const snapshot = readSnapshotFile();
  let feed: FakeMarketFeed;
  beforeAll(async () => {
    feed = await startFakeMarketFeed();
  });
  afterAll(() => feed.close());
  afterEach(() => feed.behave({ kind: 'ok' }));

  it.each<[string, FakeFeedBehaviour]>([
    ['answers 500', { kind: 'status', status: 500 }],
    ['hangs past the timeout', { kind: 'hang' }],
    ['rate-limits', { kind: 'rate-limited', retryAfter: '60' }],
    ['sends broken JSON', { kind: 'garbage' }],
  ])('serves the bundled snapshot, marked as such, when the feed %s', async (_label, behaviour) => {
    feed.behave(behaviour);
    const { market, warnings } = setup(feed, { timeoutMs: 300 });
    const results = await callMany(10, market);
    for (const r of results) {
      expect(r.source).toBe('snapshot');
      expect(r.fetchedAt).toBe(snapshot.takenAt);
      expect(r.coins).toEqual(snapshot.coins);
    }
    expect(warnings()).toHaveLength(1);
  });

  it('serves the snapshot when nothing listens at the feed address, then live data once it answers', async () => {
    const gone = await startFakeMarketFeed();
    const deadUrl = gone.url;
    await gone.close();
    const clock = new ManualClock(START);
    let target = deadUrl;
    const market = createMarketCache({
      db: handle.db,
      feedUrl: 'http://feed.invalid',
      ttlMs: TTL_MS,
      timeoutMs: 30_000,
      clock,
      // Route the one URL to whichever server this test wants, without real DNS.
      fetch: (url, init) => fetch(String(url).replace('http://feed.invalid', target), init),
    });
    const offline = await market.getCoins();
    expect(offline.source).toBe('snapshot');
    expect(offline.fetchedAt).toBe(snapshot.takenAt);

    target = feed.url;
    clock.advanceMs(BACKOFF_MS);
    const online = await market.getCoins();
    expect(online.source).toBe('live');
    expect(online.coins).toHaveLength(250);
  });

  it('keeps a snapshot that is usable by the web: 50 to 100 well-formed coins with unique ids', () => {
    expect(snapshot.coins.length).toBeGreaterThanOrEqual(50);
    expect(snapshot.coins.length).toBeLessThanOrEqual(100);
    expect(new Set(snapshot.coins.map((c) => c.id)).size).toBe(snapshot.coins.length);
    expect(Number.isNaN(Date.parse(snapshot.takenAt))).toBe(false);
    for (const c of snapshot.coins) {
      expect(c.image).toMatch(/^https:\/\//);
      expect(c.current_price).toBeGreaterThan(0);
    }
  });
});
