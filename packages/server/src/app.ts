import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import type { DbHandle } from './db/create-db.ts';
import { AppError, errorBody, retryAfterOf, toPublicError } from './lib/errors.ts';
import { authRateLimit } from './lib/auth-rate-limit.ts';
import { requestGuards } from './lib/request-guards.ts';
import { isHttps } from './lib/session-cookie.ts';
import { createMarketService, type MarketService } from './modules/market/market.service.ts';
import { registerRestV1 } from './rest/v1/index.ts';
import { type AppDeps, type Clock, systemClock } from './deps.ts';
import { createContext } from './trpc/context.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: DbHandle;
  /** Tests pass a market service pointed at a fake feed. */
  market?: MarketService;
  /** Tests (and only tests) pass a clock they can move. */
  clock?: Clock;
  logger?: boolean;
}

/** Builds the whole HTTP application; never listens (main.ts and tests decide that). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger === false || config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 64 * 1024,
    trustProxy: true,
  });
  const deps: AppDeps = {
    db: opts.db.db,
    config,
    market: opts.market ?? createMarketService(config, { log: app.log }),
    log: app.log,
    clock: opts.clock ?? systemClock,
  };
  app.decorate('deps', deps);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.openstreetmap.org'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something (and is only safe to send) when the product is served over https.
    hsts: isHttps(config.publicUrl) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  await app.register(cookie);
  await app.register(requestGuards, { config });
  await app.register(authRateLimit, { perMinute: config.AUTH_RATE_LIMIT_PER_MIN });

  // The one error path outside tRPC: request guards, legacy /api/v1 routes and Fastify's own 4xx all end here.
  app.setErrorHandler((err: Error, req, reply) => {
    const pub = toPublicError(err);
    if (pub.status >= 500) req.log.error({ err }, 'request failed');
    const retryAfter = retryAfterOf([err]);
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return reply.code(pub.status).send(errorBody(pub));
  });

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { ok: true, database: opts.db.kind };
    } catch {
      return reply.code(503).send({ ok: false, ...errorBody({ message: 'The database is not answering.' }) });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, res),
      responseMeta({ errors }) {
        const retryAfter = retryAfterOf(errors);
        return retryAfter === undefined ? {} : { headers: { 'retry-after': String(retryAfter) } };
      },
      onError({ error, path }) {
        if (toPublicError(error).status >= 500) app.log.error({ err: error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(registerRestV1, { prefix: '/api/v1' });

  registerWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built web app; any other GET that wants HTML gets index.html (client-side routing). */
function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasDist = fs.existsSync(indexFile);
  if (hasDist) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/trpc');
    // A missing file (old chunk, typo) is a real 404; only page routes fall back to the app.
    const pathname = req.url.split('?')[0] ?? '';
    const isFile =
      pathname.startsWith('/assets/') || /\.(m?js|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|json|txt)$/i.test(pathname);
    if (req.method === 'GET' && isFile && !isApi) return reply.code(404).type('text/plain').send('Not found');
    if (req.method === 'GET' && !isApi && hasDist) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
    }
    if (req.method === 'GET' && !isApi) {
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built yet. Run `pnpm build` (or `pnpm start`).');
    }
    throw new AppError('NOT_FOUND', `No such endpoint: ${req.method} ${req.url.split('?')[0]}`);
  });
}
