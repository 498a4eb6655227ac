import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tr } from '@vestora/contract';
import { AppError } from '../../lib/errors.ts';
import { createCoinLogos } from './market.logo.ts';
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

/** A coin's logo, from our own origin (#34): the web's coin avatars load it instead of the feed's image URL. */
export const MARKET_LOGO_PATH = '/api/market/logo/:coinId';
/** A logo is fetched again after a week: a browser may keep one for a day, then revalidates (ETag). */
export const LOGO_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * `GET /api/market/logo/:coinId`: the logo of a coin of the market list, fetched by the server from the image URL
 * the feed names and kept in the database (src/modules/market/market.logo.ts), with its content type from its
 * bytes. 404 when there is none (the web shows the coin's letters). Reads no session: the same for everyone.
 */
export async function marketLogoRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const logos = createCoinLogos({
    db: deps.db,
    clock: deps.clock,
    timeoutMs: deps.config.MARKET_TIMEOUT_MS,
    log: deps.log,
    imageOf: async (coinId) => (await deps.market.getCoins()).coins.find((c) => c.id === coinId)?.image,
  });
  app.get<{ Params: { coinId: string } }>(MARKET_LOGO_PATH, async (req, reply) => {
    const { coinId } = req.params;
    const logo = coinId.length <= 200 ? await logos.get(coinId) : null;
    if (!logo) {
      reply.header('cache-control', 'public, max-age=300');
      throw new AppError('NOT_FOUND', tr('market.noLogo', 'There is no logo for this coin.'));
    }
    reply.header('cache-control', LOGO_CACHE_CONTROL).header('etag', logo.etag);
    if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === logo.etag))
      return reply.code(304).send();
    return reply.type(logo.contentType).send(Buffer.from(logo.bytes));
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
