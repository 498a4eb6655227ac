// Scenarios for two instances of the market cache on one database: the feed is called once per TTL across both,
// a lease left by a dead instance runs out, and the back-off after a failure holds for both. Run by
// market.shared.test.ts (two services on one database handle) and market.shared.pg.test.ts (two apps, each with
// its own pool, on one PostgreSQL database, through HTTP).
import type { TMarketCoins } from '@vestora/contract';
import { expect, it } from 'vitest';
import type { Database } from '../../src/db/create-db.ts';
import type { FakeMarketFeed } from '../../src/test/fake-market-feed.ts';
import type { ManualClock } from '../../src/test/manual-clock.ts';

/** One answer of one instance: the data and the ETag of its bytes. */
export interface MarketAnswer {
  data: TMarketCoins;
  etag: string;
}

/** Two instances on one database, sharing a clock (as two machines with synchronised clocks). */
export interface MarketPair {
  a(): Promise<MarketAnswer>;
  b(): Promise<MarketAnswer>;
  clock: ManualClock;
  db: Database;
  close(): Promise<void>;
}

export interface SharedMarketTimings {
  ttlMs: number;
  backoffMs: number;
  leaseMs: number;
  recheckMs: number;
}

const many = (n: number, get: () => Promise<MarketAnswer>) => Array.from({ length: n }, () => get());

/** Registers the shared-cache scenarios; `makePair` starts two fresh instances on an empty cache table. */
export function sharedMarketScenarios(opts: {
  feed: () => FakeMarketFeed;
  makePair: () => Promise<MarketPair>;
  timings: SharedMarketTimings;
}): void {
  const { ttlMs, backoffMs, leaseMs, recheckMs } = opts.timings;

  async function withPair(body: (p: MarketPair, feed: FakeMarketFeed) => Promise<void>) {
    const feed = opts.feed();
    feed.behave({ kind: 'ok' });
    const pair = await opts.makePair();
    try {
      await body(pair, feed);
    } finally {
      await pair.close();
    }
  }

  it('makes one upstream call for concurrent visitors of both instances on a cold start; both send the same bytes', () =>
    withPair(async ({ a, b }, feed) => {
      const before = feed.requests;
      const release = feed.hold();
      const all = Promise.all([...many(20, a), ...many(20, b)]);
      await feed.waitForRequests(before + 1);
      release();
      const answers = await all;
      expect(feed.requests).toBe(before + 1);
      expect(answers.every((r) => r.data.source === 'live' && r.data.coins.length === 250)).toBe(true);
      expect(new Set(answers.map((r) => r.data.fetchedAt)).size).toBe(1);
      // Equal data gives equal bytes on every instance, so an ETag from one revalidates on the other.
      expect(new Set(answers.map((r) => r.etag)).size).toBe(1);
    }));

  it('calls the feed exactly once more per TTL across both instances', () =>
    withPair(async ({ a, b, clock }, feed) => {
      const first = await a();
      expect((await b()).etag).toBe(first.etag);
      const base = feed.requests;

      clock.advanceMs(ttlMs - 1);
      await Promise.all([...many(10, a), ...many(10, b)]);
      expect(feed.requests).toBe(base);

      // Past the TTL: A wins the lease and its visitors wait for the one call; B keeps serving its copy meanwhile.
      clock.advanceMs(1);
      const release = feed.hold();
      const fromA = a();
      await feed.waitForRequests(base + 1);
      const fromB = await Promise.all(many(10, b));
      expect(fromB.every((r) => r.data.source === 'live' && r.data.fetchedAt === first.data.fetchedAt)).toBe(true);
      release();
      const refreshed = await fromA;
      expect(refreshed.data.source).toBe('live');
      expect(refreshed.data.fetchedAt).toBe(clock.now().toISOString());
      expect(feed.requests).toBe(base + 1);

      // B looks at the shared row again shortly and takes A's data from the database, without calling the feed.
      clock.advanceMs(recheckMs);
      const bNow = await b();
      expect(bNow.data.fetchedAt).toBe(refreshed.data.fetchedAt);
      expect(bNow.etag).toBe(refreshed.etag);
      expect(feed.requests).toBe(base + 1);

      // Another TTL, visitors on both at once: again exactly one call.
      clock.advanceMs(ttlMs);
      const hold = feed.hold();
      const burst = Promise.all([...many(15, a), ...many(15, b)]);
      await feed.waitForRequests(base + 2);
      hold();
      await burst;
      clock.advanceMs(recheckMs);
      const [lastA, lastB] = await Promise.all([a(), b()]);
      expect(feed.requests).toBe(base + 2);
      expect(lastA.etag).toBe(lastB.etag);
      expect(lastA.data.fetchedAt).not.toBe(refreshed.data.fetchedAt);
    }));

  it('lets another instance refresh once a lease left by a dead instance has run out', () =>
    withPair(async ({ a, b, clock, db }, feed) => {
      const first = await a();
      await b();
      const base = feed.requests;
      clock.advanceMs(ttlMs);
      // An instance took the lease and died before calling the feed (or mid-call).
      await db
        .updateTable('market_cache')
        .set({ refreshing_until: new Date(clock.now().getTime() + leaseMs), refreshing_by: 'dead-instance' })
        .execute();
      const during = await Promise.all([...many(10, a), ...many(10, b)]);
      expect(feed.requests).toBe(base);
      expect(during.every((r) => r.data.fetchedAt === first.data.fetchedAt)).toBe(true);

      clock.advanceMs(leaseMs);
      const after = await Promise.all([...many(10, a), ...many(10, b)]);
      expect(feed.requests).toBe(base + 1);
      const newest = after.find((r) => r.data.fetchedAt !== first.data.fetchedAt);
      expect(newest?.data.source).toBe('live');
      const row = await db.selectFrom('market_cache').select(['refreshing_by', 'fetched_at']).executeTakeFirstOrThrow();
      expect(row.refreshing_by).toBeNull();
      expect(row.fetched_at?.toISOString()).toBe(newest?.data.fetchedAt);
    }));

  it('backs off after a failure on both instances, serving the last good data as stale', () =>
    withPair(async ({ a, b, clock }, feed) => {
      const good = await a();
      await b();
      const base = feed.requests;
      feed.behave({ kind: 'status', status: 500 });
      clock.advanceMs(ttlMs);

      const failedA = await a();
      expect(feed.requests).toBe(base + 1);
      expect(failedA.data).toMatchObject({ source: 'stale', fetchedAt: good.data.fetchedAt });
      const fromB = await b();
      expect(feed.requests).toBe(base + 1);
      expect(fromB.data).toMatchObject({ source: 'stale', fetchedAt: good.data.fetchedAt });

      clock.advanceMs(backoffMs - 1);
      await Promise.all([...many(10, a), ...many(10, b)]);
      expect(feed.requests).toBe(base + 1);

      // The back-off is over: one more try across both, and it fails again (the pause doubles).
      clock.advanceMs(1);
      const retried = await Promise.all([...many(10, a), ...many(10, b)]);
      expect(feed.requests).toBe(base + 2);
      expect(retried.every((r) => r.data.source === 'stale')).toBe(true);

      feed.behave({ kind: 'ok' });
      clock.advanceMs(backoffMs);
      await Promise.all([...many(5, a), ...many(5, b)]);
      expect(feed.requests).toBe(base + 2);

      clock.advanceMs(backoffMs);
      const back = await a();
      expect(feed.requests).toBe(base + 3);
      expect(back.data.source).toBe('live');
      const backOnB = await b();
      expect(backOnB.data).toMatchObject({ source: 'live', fetchedAt: back.data.fetchedAt });
      expect(feed.requests).toBe(base + 3);
    }));
}
