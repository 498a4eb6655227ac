// Two instances of the product on ONE PostgreSQL database, each with its own pool (as two processes behind a
// load balancer would be), asked over HTTP: the market feed is called once per TTL across both.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createDb, type DbHandle } from '../src/db/create-db.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { type FakeMarketFeed, startFakeMarketFeed } from '../src/test/fake-market-feed.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { createEmptyTestDatabase, TEST_POOL } from '../src/test/test-db.ts';
import { type MarketAnswer, sharedMarketScenarios } from './support/market-shared.ts';

// Generous: a loaded machine must not turn the fake feed's answer into a timeout (the lease is this + 5 s).
const TIMEOUT_MS = 30_000;

describe('two app instances, each with its own pool, on one PostgreSQL database', () => {
  let feed: FakeMarketFeed;
  let database: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  let config: Config;
  let admin: DbHandle;
  beforeAll(async () => {
    feed = await startFakeMarketFeed();
    database = await createEmptyTestDatabase();
    admin = await createDb({ databaseUrl: database.url, pool: { ...TEST_POOL, max: 2 } });
    await migrateToLatest(admin.db);
    config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://vestora.test',
      DATABASE_URL: database.url,
      APP_SECRET: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      MARKET_FEED_URL: feed.url,
      MARKET_CACHE_TTL_S: '120',
      MARKET_TIMEOUT_MS: String(TIMEOUT_MS),
    });
  });
  afterAll(async () => {
    await admin?.close();
    await database?.drop();
    await feed?.close();
  });

  async function answerOf(app: FastifyInstance): Promise<MarketAnswer> {
    const res = await app.inject({ method: 'GET', url: '/trpc/market.coins' });
    expect(res.statusCode, res.body).toBe(200);
    return { data: res.json().result.data, etag: res.headers.etag as string };
  }

  sharedMarketScenarios({
    feed: () => feed,
    // The app's defaults: 30 s back-off, a lease of the feed timeout + 5 s, a look at the row each second.
    timings: { ttlMs: 120_000, backoffMs: 30_000, leaseMs: TIMEOUT_MS + 5_000, recheckMs: 1_000 },
    async makePair() {
      await admin.db.deleteFrom('market_cache').execute();
      const clock = new ManualClock('2026-03-01T10:00:00.000Z');
      const handles: DbHandle[] = [];
      const apps: FastifyInstance[] = [];
      for (let i = 0; i < 2; i++) {
        const handle = await createDb({ databaseUrl: database.url, pool: TEST_POOL });
        handles.push(handle);
        const app = await buildApp({ config, db: handle, clock, logger: false });
        await app.ready();
        apps.push(app);
      }
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      expect(handles[0]!.pool).not.toBe(handles[1]!.pool);
      return {
        a: () => answerOf(a),
        b: () => answerOf(b),
        clock,
        db: admin.db,
        async close() {
          for (const app of apps) await app.close();
          for (const h of handles) await h.close();
        },
      };
    },
  });
});
