// Coin logos (#34): the market feed names an image URL per coin; the browser never loads it (the CSP's img-src is
// 'self' data:). Our server fetches it (bounded in size and time, a bitmap checked from its bytes: no SVG, which
// can carry script), keeps it in the database (coin_logos) and serves it from GET /api/market/logo/:coinId. A logo
// is fetched again after a week; when the host is down (or the server offline) the last good bytes are served,
// and the host is not asked again for a while (per coin, doubling up to a day).
import { createHash } from 'node:crypto';
import type { Database } from '../../db/create-db.ts';
import type { Clock } from '../../clock.ts';
import type { LineLogger } from '../../lib/line-logger.ts';
import { readCoinLogo, recordCoinLogoFailure, saveCoinLogo } from './market.repo.ts';

/** The largest logo we keep (the feed's are a few KB; the table's CHECK says the same). */
export const MAX_LOGO_BYTES = 256 * 1024;
/** A stored logo is fetched again after this long (the feed rarely changes one). */
export const LOGO_REFRESH_MS = 7 * 24 * 3600_000;
/** After a failed fetch the host is not asked again for this long, doubling per failure up to a day. */
export const LOGO_RETRY_MS = 15 * 60_000;
const MAX_LOGO_RETRY_MS = 24 * 3600_000;

export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/** The bitmap format the bytes are (their signature), or null: SVG, HTML, anything else is refused. */
export function imageTypeOf(bytes: Uint8Array): LogoContentType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export class LogoFetchError extends Error {
  override name = 'LogoFetchError';
}

/** One fetch of a logo: http(s) only, no redirects, within `timeoutMs`, at most MAX_LOGO_BYTES, a bitmap. */
export async function fetchLogo(
  url: string,
  opts: { timeoutMs: number; fetch?: typeof fetch },
): Promise<{ bytes: Uint8Array; contentType: LogoContentType }> {
  if (!/^https?:\/\//i.test(url)) throw new LogoFetchError('the image URL is not http(s)');
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      headers: { accept: 'image/png,image/jpeg,image/webp,image/gif', 'user-agent': 'Vestora logo cache' },
      redirect: 'error',
      signal,
    });
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    throw new LogoFetchError(
      name === 'TimeoutError' || name === 'AbortError'
        ? `the logo host did not answer within ${opts.timeoutMs} ms`
        : 'the logo host could not be reached',
    );
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new LogoFetchError(`the logo host answered HTTP ${res.status}`);
  }
  if (Number(res.headers.get('content-length')) > MAX_LOGO_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new LogoFetchError(`the logo is larger than ${MAX_LOGO_BYTES} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    const reader = res.body?.getReader();
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_LOGO_BYTES) {
        await reader.cancel().catch(() => {});
        throw new LogoFetchError(`the logo is larger than ${MAX_LOGO_BYTES} bytes`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof LogoFetchError) throw err;
    throw new LogoFetchError('the logo could not be read in time');
  }
  const bytes = new Uint8Array(Buffer.concat(chunks));
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw new LogoFetchError('the logo is not a PNG, JPEG, WebP or GIF image');
  return { bytes, contentType };
}

export interface CoinLogo {
  bytes: Uint8Array;
  contentType: string;
  /** A strong validator of the bytes (for If-None-Match). */
  etag: string;
}

export interface CoinLogos {
  /** The coin's logo (fetched now when due, else the stored one), or null when there is none to serve. */
  get(coinId: string): Promise<CoinLogo | null>;
}

export function createCoinLogos(opts: {
  db: Database;
  clock: Clock;
  timeoutMs: number;
  log: LineLogger;
  /** The image URL the feed names for a coin ('' or undefined: none, or no such coin). */
  imageOf: (coinId: string) => Promise<string | undefined>;
  fetch?: typeof fetch;
}): CoinLogos {
  const { db, clock } = opts;
  /** Fetches under way, per coin: concurrent requests for one logo wait for the one fetch. */
  const inFlight = new Map<string, Promise<void>>();

  async function refresh(coinId: string, url: string, failures: number): Promise<void> {
    try {
      const { bytes, contentType } = await fetchLogo(url, { timeoutMs: opts.timeoutMs, fetch: opts.fetch });
      await saveCoinLogo(db, { coinId, sourceUrl: url, bytes, contentType, fetchedAt: clock.now() });
    } catch (err) {
      if (!(err instanceof LogoFetchError)) throw err;
      const next = failures + 1;
      const waitMs = Math.min(MAX_LOGO_RETRY_MS, LOGO_RETRY_MS * 2 ** Math.min(next - 1, 20));
      if (next === 1) opts.log.info({ coinId, reason: err.message }, 'A coin logo could not be fetched.');
      await recordCoinLogoFailure(db, {
        coinId,
        sourceUrl: url,
        failures: next,
        nextAttemptAt: new Date(clock.now().getTime() + waitMs),
      });
    }
  }

  return {
    async get(coinId) {
      const url = await opts.imageOf(coinId);
      let row = await readCoinLogo(db, coinId);
      const now = clock.now().getTime();
      const current =
        row?.bytes && row.sourceUrl === url && row.fetchedAt && now - row.fetchedAt.getTime() < LOGO_REFRESH_MS;
      const mayAsk = !row?.nextAttemptAt || now >= row.nextAttemptAt.getTime();
      if (url && !current && mayAsk) {
        let pending = inFlight.get(coinId);
        if (!pending) {
          pending = refresh(coinId, url, row?.failures ?? 0).finally(() => inFlight.delete(coinId));
          inFlight.set(coinId, pending);
        }
        await pending;
        row = await readCoinLogo(db, coinId);
      }
      if (!row?.bytes || !row.contentType) return null;
      const bytes = row.bytes;
      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
      return { bytes, contentType: row.contentType, etag };
    },
  };
}
