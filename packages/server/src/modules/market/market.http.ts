import type { FastifyInstance, FastifyRequest } from 'fastify';
import { batchBody, type MarketReply } from './market.reply.ts';

/** The one URL the web app (and any plain HTTP client) asks for the coin list. */
export const MARKET_COINS_PATH = '/trpc/market.coins';

/**
 * Browsers and shared caches may reuse an answer this long without asking (capped by the cache TTL). Short, so
 * the freshness line the web app shows is at most this much behind; after it, the browser revalidates with
 * If-None-Match and mostly gets a 304 with no body.
 */
export const MARKET_MAX_AGE_S = 30;

/**
 * `GET /trpc/market.coins` served from bytes: the answer tRPC would send, serialised once per refresh (and gzip
 * compressed once), with an ETag (`If-None-Match` match: 304, no body) and a short public Cache-Control. A static
 * route, so it wins over tRPC's `/trpc/:path`; the procedure `market.coins` stays for batched and typed callers
 * (`/trpc/market.coins,plan.list?batch=1`), with the same data. It reads no session, so it sets no cookie and an
 * answer is the same for everyone (safe for shared caches).
 */
export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const cacheControl = `public, max-age=${Math.min(MARKET_MAX_AGE_S, app.deps.config.MARKET_CACHE_TTL_S)}`;

  // Logged like every other request: at info when it fails or is slow (LOG_SLOW_REQUEST_MS), else at debug.
  app.get(MARKET_COINS_PATH, async (req, reply) => {
    const answer = await app.deps.market.getReply();
    reply.header('content-type', 'application/json').header('cache-control', cacheControl);
    // A batch of this one call (what a batching tRPC client sends): tRPC's one-element array. The procedure takes
    // no input, so `input` is ignored here as tRPC ignores it.
    if (req.url.includes('?') && (req.query as Record<string, unknown>).batch === '1') {
      return reply.send(batchBody(answer));
    }
    const gzip = acceptsGzip(req);
    const etag = gzip ? answer.etagGzip : answer.etag;
    reply.header('etag', etag).header('vary', 'accept-encoding');
    if (matchesIfNoneMatch(req.headers['if-none-match'], answer)) return reply.code(304).send();
    if (gzip) return reply.header('content-encoding', 'gzip').send(answer.gzip);
    return reply.send(answer.body);
  });
}

/** Whether the client's If-None-Match names this answer (either encoding: both are the same data). */
export function matchesIfNoneMatch(header: string | undefined, answer: MarketReply): boolean {
  if (!header) return false;
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*' || tag === answer.etag || tag === answer.etagGzip) return true;
  }
  return false;
}

/** Whether Accept-Encoding allows gzip: `gzip` with a q above 0, or else `*` with a q above 0. */
export function acceptsGzip(req: FastifyRequest): boolean {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (coding === 'gzip') return allowed;
    star = allowed;
  }
  return star;
}
