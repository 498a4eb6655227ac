import type { TCoin } from '@vestora/contract';
import { z } from 'zod';

/** The one upstream call (MARKET_FEED_URL, see the README): the top 250 coins by market cap, in USD. */
export const MARKETS_PATH = '/api/v3/coins/markets';
export const MARKETS_QUERY = 'vs_currency=usd&order=market_cap_desc&per_page=250&page=1';
const MAX_COINS = 250;
/** 250 coins are ~250 KB; anything far beyond that is not the feed we know. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Full URL of the markets call for a feed base URL such as https://api.coingecko.com. */
export function marketsUrl(feedUrl: string): string {
  return `${feedUrl.replace(/\/+$/, '')}${MARKETS_PATH}?${MARKETS_QUERY}`;
}

/** Why a fetch did not give us usable data; retryAfterMs is set when the feed told us how long to wait. */
export class FeedError extends Error {
  readonly retryAfterMs: number | undefined;
  constructor(message: string, opts: { retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'FeedError';
    this.retryAfterMs = opts.retryAfterMs;
  }
}

// A number the feed sends may be null, missing, or (from some mirrors) a numeric string: keep what is a
// finite number, make the rest null, so one odd field does not cost us the whole row.
const ZFeedNumber = z
  .unknown()
  .optional()
  .transform((v): number | null => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'string' && v.trim() !== '') {
      const n = Number(v);
      return Number.isFinite(n) ? n : null;
    }
    return null;
  });

// The web puts `image` into <img src>: only http(s) URLs of sane length get through.
const ZFeedImage = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && v.length <= 2048 && /^https?:\/\//i.test(v) ? v : ''));

/** One row of the feed's answer; a row without id, name or symbol is dropped. */
const ZFeedRow = z.object({
  id: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(200),
  symbol: z.string().trim().min(1).max(50),
  image: ZFeedImage,
  current_price: ZFeedNumber,
  price_change_percentage_24h: ZFeedNumber,
  total_volume: ZFeedNumber,
  market_cap: ZFeedNumber,
  last_updated: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && v.length <= 64 && Number.isFinite(Date.parse(v)) ? v : null)),
});

/**
 * Turns the feed's JSON into coins: drops malformed and duplicate rows, keeps at most 250.
 * Throws FeedError when the answer is not a list or holds no usable row (never replace good data with nothing).
 */
export function parseFeedCoins(body: unknown): TCoin[] {
  if (!Array.isArray(body)) throw new FeedError('the feed answered something other than a list of coins');
  const coins: TCoin[] = [];
  const seen = new Set<string>();
  for (const raw of body) {
    const row = ZFeedRow.safeParse(raw);
    if (!row.success || seen.has(row.data.id)) continue;
    seen.add(row.data.id);
    coins.push(row.data);
    if (coins.length === MAX_COINS) break;
  }
  if (coins.length === 0) throw new FeedError(`the feed answered ${body.length} rows and none was a usable coin`);
  return coins;
}

/** Milliseconds a Retry-After header asks for (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Reads a body up to a byte cap, so a runaway answer cannot eat the server's memory. */
async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > maxBytes) throw new FeedError(`the feed's answer is too large (${declared} bytes)`);
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new FeedError(`the feed's answer is too large (over ${maxBytes} bytes)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface FetchCoinsOptions {
  feedUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
  now: () => number;
}

/** One call to the feed, bounded by the timeout (headers and body alike). Throws FeedError on any failure. */
export async function fetchFeedCoins(opts: FetchCoinsOptions): Promise<TCoin[]> {
  const url = marketsUrl(opts.feedUrl);
  let res: Response;
  try {
    res = await opts.fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'Vestora market cache' },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    throw new FeedError(describeFetchFailure(err, opts.timeoutMs), { cause: err });
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    if (res.status === 429) {
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), opts.now());
      throw new FeedError('the feed is rate-limiting us (429)', { retryAfterMs });
    }
    throw new FeedError(`the feed answered HTTP ${res.status}`);
  }
  let text: string;
  try {
    text = await readCapped(res, MAX_BODY_BYTES);
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError(describeFetchFailure(err, opts.timeoutMs), { cause: err });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new FeedError('the feed answered with something that is not JSON', { cause: err });
  }
  return parseFeedCoins(body);
}

function describeFetchFailure(err: unknown, timeoutMs: number): string {
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `the feed did not answer within ${timeoutMs} ms`;
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const detail = typeof cause?.code === 'string' ? cause.code : err instanceof Error ? err.message : String(err);
  return `the feed could not be reached (${detail})`;
}
