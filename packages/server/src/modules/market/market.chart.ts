import { tr } from '@vestora/contract';
import type { TMarketChart } from '@vestora/contract';
import { AppError } from '../../lib/errors.ts';
import { FeedError, parseRetryAfter } from './market.feed.ts';

/** The feed's price history of one coin, in USD (CoinGecko's market_chart). */
export function marketChartUrl(feedUrl: string, coinId: string, days: number): string {
  return `${feedUrl.replace(/\/+$/, '')}/api/v3/coins/${encodeURIComponent(coinId)}/market_chart?vs_currency=usd&days=${days}`;
}

/** A year of hourly points is under 9,000; anything beyond is not the feed we know. */
const MAX_POINTS = 10_000;
const MAX_BODY_CHARS = 2 * 1024 * 1024;
/** Coin × period answers kept per instance (the oldest is dropped beyond this). */
const MAX_ENTRIES = 500;

/** The [time, price] pairs of a market_chart answer, oldest first; FeedError when there is none. */
export function parseMarketChart(body: unknown): [number, number][] {
  const prices = (body as { prices?: unknown } | null)?.prices;
  if (!Array.isArray(prices)) throw new FeedError('the feed answered no price list');
  const points: [number, number][] = [];
  for (const p of prices) {
    if (!Array.isArray(p) || p.length < 2) continue;
    const [t, v] = p as unknown[];
    if (typeof t !== 'number' || typeof v !== 'number' || !Number.isFinite(t) || !Number.isFinite(v) || v < 0) continue;
    points.push([t, v]);
    if (points.length === MAX_POINTS) break;
  }
  if (points.length === 0) throw new FeedError('the feed answered no usable price');
  return points.sort((a, b) => a[0] - b[0]);
}

export interface MarketChartOptions {
  feedUrl: string;
  ttlMs: number;
  timeoutMs: number;
  now: () => number;
  fetch: typeof fetch;
  /** Pause after a failure before the feed is asked again for that coin and period. */
  backoffMs?: number;
}

interface Entry {
  prices: [number, number][];
  fetchedAtMs: number;
  /** Do not ask the feed again for this key before this (after a failure). */
  retryAtMs: number;
}

/**
 * Each coin's price history, cached per (coin, days) for the market TTL like the coin list: within the TTL the
 * cached answer; past it one call to the feed (concurrent callers share it); when the feed fails, the last good
 * answer marked 'stale' and no new call before the back-off; with nothing cached, a clear 503 (or 404 for a coin
 * the feed does not know).
 */
export function createMarketChartCache(opts: MarketChartOptions) {
  const backoffMs = opts.backoffMs ?? 30_000;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<void>>();
  const failures = new Map<string, { retryAtMs: number; error: AppError }>();

  async function load(key: string, coinId: string, days: number): Promise<void> {
    const url = marketChartUrl(opts.feedUrl, coinId, days);
    try {
      let res: Response;
      try {
        res = await opts.fetch(url, {
          headers: { accept: 'application/json', 'user-agent': 'Vestora market cache' },
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (err) {
        throw new FeedError(`the feed could not be reached (${err instanceof Error ? err.message : String(err)})`);
      }
      if (res.status === 404) {
        await res.body?.cancel().catch(() => {});
        throw new AppError(
          'NOT_FOUND',
          tr('market.noHistory', 'The market feed has no price history for "{coin}".', { coin: coinId }),
        );
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), opts.now());
        throw new FeedError(`the feed answered HTTP ${res.status}`, { retryAfterMs });
      }
      const text = await res.text();
      if (text.length > MAX_BODY_CHARS) throw new FeedError("the feed's answer is too large");
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new FeedError('the feed answered with something that is not JSON');
      }
      const prices = parseMarketChart(body);
      entries.delete(key);
      entries.set(key, { prices, fetchedAtMs: opts.now(), retryAtMs: 0 });
      failures.delete(key);
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    } catch (err) {
      const wait = err instanceof FeedError && err.retryAfterMs !== undefined ? err.retryAfterMs : backoffMs;
      const error =
        err instanceof AppError
          ? err
          : new AppError(
              'UNAVAILABLE',
              tr(
                'market.historyUnavailableNow',
                'The price history is not available right now. Please try again shortly.',
              ),
            );
      failures.set(key, { retryAtMs: opts.now() + Math.max(wait, backoffMs), error });
      const entry = entries.get(key);
      if (entry) entry.retryAtMs = opts.now() + Math.max(wait, backoffMs);
    }
  }

  return async function getChart(coinId: string, days: number): Promise<TMarketChart> {
    const key = `${coinId}:${days}`;
    const t = opts.now();
    const cached = entries.get(key);
    const fresh = cached && t >= cached.fetchedAtMs && t - cached.fetchedAtMs < opts.ttlMs;
    const failed = failures.get(key);
    if (!fresh && !(failed && t < failed.retryAtMs)) {
      let call = inFlight.get(key);
      if (!call) {
        call = load(key, coinId, days).finally(() => inFlight.delete(key));
        inFlight.set(key, call);
      }
      await call;
    }
    const entry = entries.get(key);
    if (!entry)
      throw (
        failures.get(key)?.error ??
        new AppError('UNAVAILABLE', tr('market.historyUnavailable', 'The price history is not available.'))
      );
    const now = opts.now();
    const live = now >= entry.fetchedAtMs && now - entry.fetchedAtMs < opts.ttlMs;
    return {
      coinId,
      days,
      prices: entry.prices,
      source: live ? 'live' : 'stale',
      fetchedAt: new Date(entry.fetchedAtMs).toISOString(),
    };
  };
}
