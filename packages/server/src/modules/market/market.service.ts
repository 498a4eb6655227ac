import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { TCoin, TMarketChart, TMarketCoins } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { type Clock, systemClock } from '../../clock.ts';
import { FeedError, fetchFeedCoins, parseFeedCoins } from './market.feed.ts';
import { buildMarketReply, type MarketReply } from './market.reply.ts';
import { createMarketChartCache } from './market.chart.ts';
import {
  claimMarketRefresh,
  type MarketCacheHead,
  readMarketCacheData,
  readMarketCacheHead,
  recordMarketFailure,
  saveMarketRefresh,
} from './market.repo.ts';
import { type MarketSnapshot, readSnapshotFile } from './market.snapshot.ts';
import { type LineLogger, lineLogger } from '../../lib/line-logger.ts';

/** What procedures and the market route use: the top coins from the shared cache, the last good data or the snapshot. */
export interface MarketService {
  getCoins(): Promise<TMarketCoins>;
  /** The same answer, serialised once per refresh and source state, with its ETag (GET /trpc/market.coins). */
  getReply(): Promise<MarketReply>;
  /**
   * Seconds since the served data was fetched from the feed (null: never fetched, the snapshot is served).
   * Read by GET /metrics. Never triggers a fetch.
   */
  cacheAgeSeconds(): number | null;
  /** One coin's price history over `days` from the feed's market_chart, cached per (coin, days) for the TTL. */
  getChart(coinId: string, days: number): Promise<TMarketChart>;
}

/** The slice of a pino/Fastify logger we need (app.log fits). */
export type MarketLogger = LineLogger;

export interface MarketServiceOptions {
  /** Where the shared cache row and the refresh lease live (every instance on one database shares them). */
  db: Database;
  /** Base URL of the feed, e.g. https://api.coingecko.com. */
  feedUrl: string;
  /** How long fetched data counts as live. */
  ttlMs: number;
  /** Upper bound for one upstream call, headers and body. */
  timeoutMs: number;
  /** Pause after a failure before the feed is asked again; doubles per consecutive failure. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Longest Retry-After we honour, so a silly header cannot silence the feed for days. */
  maxRetryAfterMs?: number;
  /** How long a refresh lease lasts: a process that dies mid-refresh blocks the others this long at most. */
  leaseMs?: number;
  /** While another instance refreshes (or the database is away), look at the row again this often. */
  recheckMs?: number;
  /** With nothing to serve yet and another instance fetching, wait (real time) this long for its data. */
  coldWaitMs?: number;
  /** Time for TTLs, back-off and leases (tests move it instead of sleeping). */
  clock?: Clock;
  fetch?: typeof fetch;
  log?: MarketLogger;
  /** Bundled data for a first start without network. */
  loadSnapshot?: () => MarketSnapshot;
}

const DEFAULT_BACKOFF_MS = 30_000;
const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;
const DEFAULT_MAX_RETRY_AFTER_MS = 60 * 60_000;
const DEFAULT_RECHECK_MS = 1_000;
/** Real-time pause between looks at the row during a cold-start wait. */
const COLD_POLL_MS = 50;

/** The market service for the app's configuration (feed URL, TTL, timeout) on the app's database. */
export function createMarketService(
  config: Config,
  deps: { db: Database; clock?: Clock; log?: MarketLogger },
  overrides: Partial<MarketServiceOptions> = {},
): MarketService {
  return createMarketCache({
    db: deps.db,
    clock: deps.clock,
    feedUrl: config.MARKET_FEED_URL,
    ttlMs: config.MARKET_CACHE_TTL_S * 1000,
    timeoutMs: config.MARKET_TIMEOUT_MS,
    log: deps.log ?? lineLogger(config.LOG_LEVEL, 'market'),
    ...overrides,
  });
}

/** This instance's copy of the shared data. */
interface Copy {
  coins: readonly TCoin[];
  fetchedAtMs: number;
  etag: string;
  live: MarketReply | null;
  stale: MarketReply | null;
}

/**
 * A cache in front of the feed, shared through the database by every instance:
 * - each instance answers from its in-process copy (bytes serialised once) while the copy is within the TTL;
 * - past the TTL it looks at the shared row: newer data another instance fetched is taken as it is; otherwise
 *   the one instance that wins the refresh lease calls the feed (its callers wait for that one call), the others
 *   keep serving their copy, or, with nothing at all yet, wait briefly for the winner's data;
 * - after a failure every instance backs off (shared `next_attempt_at`, or the feed's Retry-After) and serves the
 *   last good data ('stale') or, if the feed never answered, the bundled snapshot.
 */
export function createMarketCache(opts: MarketServiceOptions): MarketService {
  const clock = opts.clock ?? systemClock;
  const now = () => clock.now().getTime();
  const doFetch = opts.fetch ?? globalThis.fetch;
  const log = opts.log ?? silentLogger;
  const { db, feedUrl, ttlMs } = opts;
  const backoffMs = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  const maxBackoffMs = Math.max(backoffMs, opts.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS);
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const leaseMs = opts.leaseMs ?? opts.timeoutMs + 5_000;
  const recheckMs = opts.recheckMs ?? DEFAULT_RECHECK_MS;
  const coldWaitMs = opts.coldWaitMs ?? leaseMs;
  const loadSnapshot = opts.loadSnapshot ?? (() => readSnapshotFile());
  const feedHost = safeHost(feedUrl);
  // Distinguishes this instance's lease from every other's (two services in one process included).
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  const getChart = createMarketChartCache({
    feedUrl,
    ttlMs,
    timeoutMs: opts.timeoutMs,
    now,
    fetch: doFetch,
    backoffMs,
  });

  let copy: Copy | null = null;
  /** The last refresh anyone tried failed, or the shared row cannot be read: data past the TTL is 'stale'. */
  let failing = false;
  /** Do not look at the row again before this (back-off, another instance's lease, database away). */
  let nextCheckAt = 0;
  let sync: Promise<void> | null = null;
  let snapshotReply: MarketReply | null = null;
  let dbTrouble = false;
  /** The etag of stored data that could not be read: not read (nor warned about) again. */
  let unreadableEtag: string | null = null;

  function remember(coins: readonly TCoin[], fetchedAtMs: number, etag: string) {
    copy = {
      coins: Object.freeze(coins.map((c) => Object.freeze({ ...c }))),
      fetchedAtMs,
      etag,
      live: null,
      stale: null,
    };
  }

  const isFresh = (c: Copy, t: number) => t >= c.fetchedAtMs && t - c.fetchedAtMs < ttlMs;

  function snapshot(): MarketReply {
    if (!snapshotReply) {
      let snap: MarketSnapshot;
      try {
        snap = loadSnapshot();
      } catch (err) {
        log.error({ err: errorText(err) }, 'The bundled market snapshot could not be read; serving an empty list.');
        snap = { coins: [], takenAt: new Date(0).toISOString() };
      }
      snapshotReply = buildMarketReply(
        Object.freeze({ coins: Object.freeze(snap.coins) as TCoin[], source: 'snapshot', fetchedAt: snap.takenAt }),
      );
    }
    return snapshotReply;
  }

  function answer(t: number): MarketReply {
    const c = copy;
    if (!c) return snapshot();
    // Past the TTL and not failing means another instance is refreshing right now: still live, for a lease at most.
    const live = isFresh(c, t) || (!failing && t >= c.fetchedAtMs && t - c.fetchedAtMs < ttlMs + leaseMs);
    const source = live ? 'live' : 'stale';
    const cached = c[source];
    if (cached) return cached;
    const reply = buildMarketReply(
      Object.freeze({ coins: c.coins as TCoin[], source, fetchedAt: new Date(c.fetchedAtMs).toISOString() }),
    );
    c[source] = reply;
    return reply;
  }

  /** Takes the row's data when it is newer than this instance's copy (the coin list itself only if it changed). */
  async function adopt(head: MarketCacheHead) {
    if (!head.etag || !head.fetchedAt || head.etag === unreadableEtag) return;
    const fetchedAtMs = head.fetchedAt.getTime();
    if (copy && fetchedAtMs <= copy.fetchedAtMs) return;
    if (copy && head.etag === copy.etag) {
      // The same coins fetched again (a quiet market): only the time moves, and with it the answer's bytes.
      copy = { ...copy, fetchedAtMs, live: null, stale: null };
      return;
    }
    const stored = await readMarketCacheData(db, feedUrl);
    if (!stored || (copy && stored.fetchedAt.getTime() <= copy.fetchedAtMs)) return;
    try {
      // Same checks as a fresh answer: a hand-edited row gets no further than the feed could.
      remember(parseFeedCoins(JSON.parse(stored.coinsJson)), stored.fetchedAt.getTime(), stored.etag);
    } catch (err) {
      unreadableEtag = stored.etag;
      log.warn({ err: errorText(err) }, 'Ignoring the stored market data: it could not be read.');
    }
  }

  async function refresh(previousFailures: number): Promise<void> {
    let coins: TCoin[];
    try {
      coins = await fetchFeedCoins({ feedUrl, timeoutMs: opts.timeoutMs, fetch: doFetch, now });
    } catch (err) {
      const failures = previousFailures + 1;
      const exponential = Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(failures - 1, 30));
      const retryAfter =
        err instanceof FeedError && err.retryAfterMs !== undefined ? Math.min(err.retryAfterMs, maxRetryAfterMs) : 0;
      const waitMs = Math.max(exponential, retryAfter);
      const nextAttemptAt = now() + waitMs;
      failing = true;
      nextCheckAt = nextAttemptAt;
      // Logged once per failed upstream call; the shared back-off keeps that far below once per request.
      log.warn(
        {
          feed: feedHost,
          reason: errorText(err),
          failures,
          retryInS: Math.ceil(waitMs / 1000),
          serving: copy ? 'stale' : 'snapshot',
        },
        copy ? 'Market feed failed; serving the last good data.' : 'Market feed failed; serving the bundled snapshot.',
      );
      await recordMarketFailure(db, { feedUrl, owner, failures, nextAttemptAt: new Date(nextAttemptAt) });
      return;
    }
    // Serialised once here; every instance serves this text (and the bytes built from it) until the next refresh.
    const coinsJson = JSON.stringify(coins);
    const etag = createHash('sha256').update(coinsJson).digest('hex');
    const fetchedAtMs = now();
    remember(coins, fetchedAtMs, etag);
    failing = false;
    nextCheckAt = 0;
    if (previousFailures > 0)
      log.info({ feed: feedHost, failures: previousFailures }, 'The market feed answers again.');
    await saveMarketRefresh(db, { feedUrl, owner, coinsJson, etag, fetchedAt: new Date(fetchedAtMs) });
  }

  /** Brings this instance's copy up to date with the shared row, refreshing from the feed if this instance wins. */
  async function syncWithDatabase(): Promise<void> {
    const waitUntil = performance.now() + coldWaitMs;
    let claimsLost = 0;
    for (;;) {
      const t = now();
      const head = await readMarketCacheHead(db, feedUrl);
      await adopt(head);
      if (copy && isFresh(copy, t)) {
        failing = false;
        nextCheckAt = 0;
        return;
      }
      const leaseHeld = head.refreshingUntil !== null && head.refreshingUntil.getTime() > t;
      const backingOff = head.nextAttemptAt !== null && head.nextAttemptAt.getTime() > t;
      if (!leaseHeld && !backingOff && claimsLost < 3) {
        const claim = await claimMarketRefresh(db, {
          feedUrl,
          owner,
          now: new Date(t),
          leaseUntil: new Date(t + leaseMs),
          staleBefore: new Date(t - ttlMs),
        });
        if (claim) return refresh(claim.failures);
        claimsLost += 1;
        continue; // another instance was a moment faster: look at what it did
      }
      failing = head.failures > 0;
      if (backingOff) {
        nextCheckAt = head.nextAttemptAt!.getTime();
        return;
      }
      // Another instance is fetching. With nothing to serve but the snapshot, wait a little for its data.
      if (!copy && leaseHeld && !failing && performance.now() < waitUntil) {
        await delay(COLD_POLL_MS);
        continue;
      }
      nextCheckAt = Math.min(leaseHeld ? head.refreshingUntil!.getTime() : Infinity, t + recheckMs);
      return;
    }
  }

  async function syncSafely(): Promise<void> {
    try {
      await syncWithDatabase();
      if (dbTrouble) log.info({}, 'The market cache reads the database again.');
      dbTrouble = false;
    } catch (err) {
      // The database is away: keep serving what this instance has, and look again shortly.
      failing = true;
      nextCheckAt = Math.max(nextCheckAt, now() + recheckMs);
      if (!dbTrouble)
        log.warn({ reason: errorText(err) }, 'The market cache cannot reach the database; serving what it has.');
      dbTrouble = true;
    }
  }

  async function getReply(): Promise<MarketReply> {
    const c = copy;
    if (!c || !isFresh(c, now())) {
      if (sync) await sync;
      else if (now() >= nextCheckAt) {
        // Set synchronously, before any await, so every concurrent caller of this instance joins this one sync.
        sync = syncSafely().finally(() => {
          sync = null;
        });
        await sync;
      }
    }
    return answer(now());
  }

  return {
    getReply,
    getChart,
    async getCoins() {
      return (await getReply()).data;
    },
    cacheAgeSeconds() {
      return copy ? Math.max(0, (now() - copy.fetchedAtMs) / 1000) : null;
    },
  };
}

const silentLogger: MarketLogger = { warn() {}, info() {}, error() {} };

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the market feed';
  }
}
