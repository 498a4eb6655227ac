import path from 'node:path';
import type { TCoin, TMarketCoins } from '@vestora/contract';
import type { Config } from '../../config.ts';
import { type CachedCoins, readCacheFile, writeCacheFile } from './market.cache-file.ts';
import { FeedError, fetchFeedCoins } from './market.feed.ts';
import { type MarketSnapshot, readSnapshotFile } from './market.snapshot.ts';

/** What procedures use: the top coins, from the cache, the feed, the last good data or the snapshot. */
export interface MarketService {
  getCoins(): Promise<TMarketCoins>;
  /**
   * Seconds since the served data was fetched from the feed (null: never fetched, the snapshot is served).
   * Read by GET /metrics; optional so fakes need not have it. Must not trigger a fetch.
   */
  cacheAgeSeconds?(): number | null;
}

/** The service plus a hook tests use to wait for background work (disk writes) to finish. */
export interface MarketCache extends MarketService {
  settled(): Promise<void>;
}

/** The slice of a pino/Fastify logger we need (app.log fits). */
export interface MarketLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MarketServiceOptions {
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
  /** Clock in epoch milliseconds (tests move it instead of sleeping). */
  now?: () => number;
  fetch?: typeof fetch;
  log?: MarketLogger;
  /** Where the last good data is kept across restarts; none when omitted. */
  cacheFile?: string;
  /** Bundled data for a first start without network. */
  loadSnapshot?: () => MarketSnapshot;
}

const DEFAULT_BACKOFF_MS = 30_000;
const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;
const DEFAULT_MAX_RETRY_AFTER_MS = 60 * 60_000;

/** The market service for the app's configuration (feed URL, TTL, timeout, DATA_DIR for the cache file). */
export function createMarketService(config: Config, overrides: Partial<MarketServiceOptions> = {}): MarketCache {
  return createMarketCache({
    feedUrl: config.MARKET_FEED_URL,
    ttlMs: config.MARKET_CACHE_TTL_S * 1000,
    timeoutMs: config.MARKET_TIMEOUT_MS,
    cacheFile: path.join(config.DATA_DIR, 'market-cache.json'),
    log: lineLogger(config.LOG_LEVEL),
    ...overrides,
  });
}

/**
 * A cache in front of the feed: live data within the TTL; one upstream call at a time however many callers
 * ask (they share the in-flight promise); after a failure, a back-off (or the feed's Retry-After) during
 * which callers get the last good data ('stale') or, if the feed never answered, the snapshot.
 */
export function createMarketCache(opts: MarketServiceOptions): MarketCache {
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? globalThis.fetch;
  const log = opts.log ?? silentLogger;
  const backoffMs = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  const maxBackoffMs = Math.max(backoffMs, opts.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS);
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const loadSnapshot = opts.loadSnapshot ?? (() => readSnapshotFile());
  const feedHost = safeHost(opts.feedUrl);

  let good: CachedCoins | null = null;
  let liveAnswer: TMarketCoins | null = null;
  let staleAnswer: TMarketCoins | null = null;
  let snapshotAnswer: TMarketCoins | null = null;
  let inflight: Promise<void> | null = null;
  let nextAttemptAt = 0;
  let failures = 0;
  let restore: Promise<void> | null = null;
  let restored = !opts.cacheFile;
  let diskWrites: Promise<void> = Promise.resolve();

  function remember(data: CachedCoins) {
    good = data;
    const coins = Object.freeze(data.coins.map((c) => Object.freeze({ ...c }))) as TCoin[];
    const fetchedAt = new Date(data.fetchedAtMs).toISOString();
    liveAnswer = Object.freeze({ coins, source: 'live', fetchedAt });
    staleAnswer = Object.freeze({ coins, source: 'stale', fetchedAt });
  }

  function isFresh(t: number): boolean {
    return good !== null && t >= good.fetchedAtMs && t - good.fetchedAtMs < opts.ttlMs;
  }

  function snapshot(): TMarketCoins {
    if (!snapshotAnswer) {
      let snap: MarketSnapshot;
      try {
        snap = loadSnapshot();
      } catch (err) {
        log.error({ err: errorText(err) }, 'The bundled market snapshot could not be read; serving an empty list.');
        snap = { coins: [], takenAt: new Date(0).toISOString() };
      }
      snapshotAnswer = Object.freeze({
        coins: Object.freeze(snap.coins) as TCoin[],
        source: 'snapshot',
        fetchedAt: snap.takenAt,
      });
    }
    return snapshotAnswer;
  }

  function answer(): TMarketCoins {
    if (!good) return snapshot();
    return (isFresh(now()) ? liveAnswer : staleAnswer) as TMarketCoins;
  }

  async function restoreFromDisk(file: string) {
    try {
      const saved = await readCacheFile(file, opts.feedUrl);
      // A fetch that finished meanwhile is newer than anything on disk.
      if (saved && !good) remember(saved);
    } catch (err) {
      log.warn({ file, err: errorText(err) }, 'Ignoring the saved market data: it could not be read.');
    } finally {
      restored = true;
    }
  }

  function persist(data: CachedCoins) {
    const file = opts.cacheFile;
    if (!file) return;
    // Chained so two writes never race; a failure is logged and forgotten (the cache file is a nicety).
    diskWrites = diskWrites
      .then(() => writeCacheFile(file, opts.feedUrl, data))
      .catch((err) => log.warn({ file, err: errorText(err) }, 'Could not save the market data to disk.'));
  }

  async function refresh(): Promise<void> {
    try {
      const coins = await fetchFeedCoins({ feedUrl: opts.feedUrl, timeoutMs: opts.timeoutMs, fetch: doFetch, now });
      const data = { coins, fetchedAtMs: now() };
      remember(data);
      if (failures > 0) log.info({ feed: feedHost, failures }, 'The market feed answers again.');
      failures = 0;
      nextAttemptAt = 0;
      persist(data);
    } catch (err) {
      failures += 1;
      const exponential = Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(failures - 1, 30));
      const retryAfter =
        err instanceof FeedError && err.retryAfterMs !== undefined ? Math.min(err.retryAfterMs, maxRetryAfterMs) : 0;
      const waitMs = Math.max(exponential, retryAfter);
      nextAttemptAt = now() + waitMs;
      // Logged once per failed upstream call; the back-off keeps that far below once per request.
      log.warn(
        {
          feed: feedHost,
          reason: errorText(err),
          failures,
          retryInS: Math.ceil(waitMs / 1000),
          serving: good ? 'stale' : 'snapshot',
        },
        good ? 'Market feed failed; serving the last good data.' : 'Market feed failed; serving the bundled snapshot.',
      );
    }
  }

  return {
    async getCoins() {
      if (!restored && opts.cacheFile) await (restore ??= restoreFromDisk(opts.cacheFile));
      if (!isFresh(now())) {
        if (inflight) await inflight;
        else if (now() >= nextAttemptAt) {
          // Set synchronously, before any await, so every concurrent caller joins this one call.
          inflight = refresh().finally(() => {
            inflight = null;
          });
          await inflight;
        }
      }
      return answer();
    },
    cacheAgeSeconds() {
      return good ? Math.max(0, (now() - good.fetchedAtMs) / 1000) : null;
    },
    async settled() {
      await restore;
      await inflight;
      await diskWrites;
    },
  };
}

const silentLogger: MarketLogger = { warn() {}, info() {}, error() {} };

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

/** A pino-style JSON-line logger for when no app logger is passed in (same format as Fastify's). */
function lineLogger(level: keyof typeof LEVELS): MarketLogger {
  const min = LEVELS[level];
  const write = (lvl: number, obj: object, msg: string) => {
    if (lvl < min) return;
    process.stdout.write(
      `${JSON.stringify({ level: lvl, time: Date.now(), pid: process.pid, module: 'market', ...obj, msg })}\n`,
    );
  };
  return {
    warn: (obj, msg) => write(LEVELS.warn, obj, msg),
    info: (obj, msg) => write(LEVELS.info, obj, msg),
    error: (obj, msg) => write(LEVELS.error, obj, msg),
  };
}

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
