import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/create-db.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createMarketCache, type MarketLogger } from '../src/modules/market/market.service.ts';
import { readSnapshotFile } from '../src/modules/market/market.snapshot.ts';
import { type FakeMarketFeed, startFakeMarketFeed } from '../src/test/fake-market-feed.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { createTestDb } from '../src/test/test-db.ts';

const START = '2026-03-01T10:00:00.000Z';

// The database replaces the old DATA_DIR/market-cache.json: a restarted instance (a new service on the same
// database) serves what an earlier one fetched.
describe('market data kept in the database across restarts', () => {
  let feed: FakeMarketFeed;
  let handle: DbHandle;
  beforeAll(async () => {
    feed = await startFakeMarketFeed();
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
    await feed?.close();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom('market_cache').execute();
    feed.behave({ kind: 'ok' });
    warnings.length = 0;
  });

  const warnings: string[] = [];
  const log: MarketLogger = { warn: (_o, msg) => warnings.push(msg), info() {}, error() {} };
  const cacheAt = (clock = new ManualClock(START), db = handle.db) =>
    createMarketCache({ db, feedUrl: feed.url, ttlMs: 120_000, timeoutMs: 30_000, clock, log });

  it('serves the saved data as stale with its real time when the feed is down after a restart', async () => {
    const live = await cacheAt().getCoins();

    feed.behave({ kind: 'status', status: 500 });
    const restarted = cacheAt(new ManualClock('2026-03-01T11:00:00.000Z'));
    const res = await restarted.getCoins();
    expect(res.source).toBe('stale');
    expect(res.fetchedAt).toBe(live.fetchedAt);
    expect(res.coins).toEqual(live.coins);
  });

  it('serves saved data that is still within the TTL as live without calling the feed', async () => {
    const live = await cacheAt().getCoins();

    const before = feed.requests;
    const restarted = cacheAt(new ManualClock('2026-03-01T10:01:00.000Z'));
    const res = await restarted.getCoins();
    expect(feed.requests).toBe(before);
    expect(res).toMatchObject({ source: 'live', fetchedAt: live.fetchedAt });
  });

  it('ignores data saved from another feed', async () => {
    await cacheAt().getCoins();

    const other = createMarketCache({
      db: handle.db,
      feedUrl: 'http://127.0.0.1:9/',
      ttlMs: 120_000,
      timeoutMs: 30_000,
      clock: new ManualClock(START),
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    expect((await other.getCoins()).source).toBe('snapshot');
  });

  it('falls back to the snapshot, with a warning, when the saved data is corrupt', async () => {
    await handle.db
      .insertInto('market_cache')
      .values({ feed_url: feed.url, coins_json: '[{"id":', etag: 'x', fetched_at: new Date('2026-03-01T09:00:00Z') })
      .execute();
    feed.behave({ kind: 'status', status: 500 });
    const res = await cacheAt().getCoins();
    expect(res.source).toBe('snapshot');
    expect(res.fetchedAt).toBe(readSnapshotFile().takenAt);
    expect(warnings.filter((w) => /stored market data/.test(w))).toHaveLength(1);
  });

  it('keeps serving its copy, with one warning, while the database cannot be reached', async () => {
    // A database of its own, closed under the service.
    const own = await createDb({ dataDir: 'memory' });
    await migrateToLatest(own.db);
    const clock = new ManualClock(START);
    const market = cacheAt(clock, own.db);
    const live = await market.getCoins();
    expect(live.source).toBe('live');
    await own.close();

    const before = feed.requests;
    clock.advanceMs(60_000);
    expect(await market.getCoins()).toMatchObject({ source: 'live', fetchedAt: live.fetchedAt });
    // Past the TTL the copy cannot be refreshed (the lease lives in the database): stale, and the feed is left alone.
    clock.advanceMs(60_000);
    const during = await Promise.all(Array.from({ length: 5 }, () => market.getCoins()));
    clock.advanceMs(5_000);
    during.push(await market.getCoins());
    for (const r of during) expect(r).toMatchObject({ source: 'stale', fetchedAt: live.fetchedAt });
    expect(feed.requests).toBe(before);
    expect(warnings.filter((w) => /cannot reach the database/.test(w))).toHaveLength(1);
  });
});
