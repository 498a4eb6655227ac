// Two market services on ONE database handle (PGlite here; one pool when this runs on PostgreSQL), as two
// instances would be: the cache row and the refresh lease in the database decide who calls the feed.
import { afterAll, beforeAll, describe } from 'vitest';
import type { DbHandle } from '../src/db/create-db.ts';
import { createMarketCache, type MarketService } from '../src/modules/market/market.service.ts';
import { type FakeMarketFeed, startFakeMarketFeed } from '../src/test/fake-market-feed.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { createTestDb } from '../src/test/test-db.ts';
import { type MarketAnswer, sharedMarketScenarios, type SharedMarketTimings } from './support/market-shared.ts';

const timings: SharedMarketTimings = { ttlMs: 120_000, backoffMs: 30_000, leaseMs: 35_000, recheckMs: 1_000 };

describe('two market services on one database', () => {
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

  const answerOf = async (market: MarketService): Promise<MarketAnswer> => {
    const reply = await market.getReply();
    return { data: reply.data, etag: reply.etag };
  };

  sharedMarketScenarios({
    feed: () => feed,
    timings,
    async makePair() {
      await handle.db.deleteFrom('market_cache').execute();
      const clock = new ManualClock('2026-03-01T10:00:00.000Z');
      const make = () =>
        createMarketCache({
          db: handle.db,
          feedUrl: feed.url,
          ttlMs: timings.ttlMs,
          timeoutMs: 30_000,
          backoffMs: timings.backoffMs,
          leaseMs: timings.leaseMs,
          recheckMs: timings.recheckMs,
          // Generous in real time: the other instance's call is released by the test, however loaded the machine.
          coldWaitMs: 60_000,
          clock,
        });
      const [a, b] = [make(), make()];
      return { a: () => answerOf(a), b: () => answerOf(b), clock, db: handle.db, close: async () => {} };
    },
  });
});
