import { STATEMENT_IMPORT_MAX_CHARS, tr } from '@vestora/contract';
import v8 from 'node:v8';
import cookie from '@fastify/cookie';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { DbHandle } from './db/create-db.ts';
import {
  AppError,
  DATABASE_UNAVAILABLE_RETRY_AFTER_S,
  errorBody,
  isDatabaseUnavailable,
  retryAfterOf,
  toPublicError,
} from './lib/errors.ts';
import { trustProxyOption } from './lib/client-address.ts';
import { loggerOptions, requestLoggingOptions } from './lib/logging.ts';
import { requestGuards } from './lib/request-guards.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { createLimits } from './modules/limits/limits.service.ts';
import { marketLogoRoutes, marketRoutes } from './modules/market/market.http.ts';
import { dataExportRoutes } from './modules/dataexport/dataexport.http.ts';
import { kycDocumentRoutes } from './modules/kyc/kyc.documents.http.ts';
import { createMarketService, type MarketService } from './modules/market/market.service.ts';
import { metricsPlugin } from './modules/metrics/metrics.plugin.ts';
import { registerRestV1 } from './rest/v1/index.ts';
import type { AppDeps } from './deps.ts';
import { createContext, MAX_BATCH_SIZE, refuseUnbatchable } from './trpc/context.ts';
import { trpcOnFastify } from './trpc/fastify-adapter.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';
import { registerWebApp } from './web-app.ts';
import { sessionCookieName } from './lib/session-cookie.ts';
import { sessionTheme } from './modules/session/session.service.ts';

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
  /** Tests (and only tests) shorten the limits' one-minute window, to see it end. */
  limitWindowS?: number;
  logger?: boolean;
  /** Tests: where the JSON log lines go instead of stdout (at config.LOG_LEVEL), even when `logger` is false. */
  logStream?: NodeJS.WritableStream;
}

/**
 * Longest route parameter Fastify matches (its default is 100). Every tRPC call goes through `/trpc/:path`,
 * and a batch puts all its paths in that one parameter, counted as sent (before decoding): 10 calls of the
 * longest procedure name (`user.twoFactor.regenerateRecoveryCodes`, 38 characters) are 389 characters, 1,167 if
 * a client percent-encodes every one. 2,000 leaves room for longer names (bounded-requests.test.ts checks the
 * longest one); a longer path answers 414 without reaching tRPC.
 */
export const MAX_PARAM_LENGTH = 2000;

/** Seconds a client is asked to wait when the server is saturated. */
const PRESSURE_RETRY_AFTER_S = 10;
const MB = 1024 * 1024;
/** /readyz answers 503 when the database has not answered `select 1` by then (the probe's bound is 1 s). */
const READY_TIMEOUT_MS = 500;

/** The innermost message and code of a (wrapped) driver error, for a one-line warning without a stack. */
function reasonOf(err: unknown): string {
  let e: unknown = err;
  for (let i = 0; i < 5 && (e as { cause?: unknown } | null)?.cause; i++) e = (e as { cause: unknown }).cause;
  const { message, code } = (e ?? {}) as { message?: unknown; code?: unknown };
  return `${typeof message === 'string' ? message : String(e)}${typeof code === 'string' ? ` (${code})` : ''}`;
}

/** The body limit of POST /trpc/statement.import: twice the largest file, for JSON's escapes (#27). */
export const STATEMENT_IMPORT_BODY_LIMIT = 2 * STATEMENT_IMPORT_MAX_CHARS;

/** Builds the whole HTTP application; never listens (main.ts and tests decide that). */
/** Calls whose answer signs an account in (and carries it), though their context has no user yet. */
const SIGN_IN_PATHS = new Set(['user.login', 'user.signup']);

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const logging = opts.logStream !== undefined || (opts.logger !== false && config.LOG_LEVEL !== 'silent');
  const app = Fastify({
    logger: logging ? loggerOptions(config.LOG_LEVEL, opts.logStream) : false,
    ...requestLoggingOptions(config.LOG_SLOW_REQUEST_MS),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: 64 * 1024,
    // A client gets this long to send its whole request; a connection silent this long is closed.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // The client address (req.ip) the limits count: the socket's, unless TRUST_PROXY names the proxies in front.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Errors Fastify raises before routing (a URL whose percent-encoding is malformed): the `{ err }` body.
    frameworkErrors(err, _req, reply) {
      const code = err.statusCode ?? 400;
      const status: number = code >= 400 && code < 500 ? code : 400;
      const message =
        err.code === 'FST_ERR_BAD_URL' ? 'The request URL is not valid (malformed percent-encoding).' : err.message;
      void (reply as FastifyReply).code(status).send(errorBody({ message }));
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  const deps: AppDeps = {
    db: opts.db.db,
    config,
    market: opts.market ?? createMarketService(config, { db: opts.db.db, clock: opts.clock, log: app.log }),
    log: app.log,
    clock: opts.clock ?? systemClock,
    limits: createLimits({ config, db: opts.db.db, pool: opts.db.pool, log: app.log, windowS: opts.limitWindowS }),
  };
  app.decorate('deps', deps);
  opts.db.setLog?.(app.log);
  await app.register(metricsPlugin, { pool: opts.db.pool, procedures: Object.keys(appRouter._def.procedures) });

  // A saturated process (event loop or memory) refuses new work early: 503 with Retry-After, before any
  // handler runs, until it recovers. The answer says nothing about which limit or how far over it is.
  const heapLimitMB = config.MAX_HEAP_USED_MB ?? Math.floor((v8.getHeapStatistics().heap_size_limit * 0.9) / MB);
  await app.register(underPressure, {
    maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: heapLimitMB * MB,
    maxRssBytes: config.MAX_RSS_MB * MB,
    retryAfter: PRESSURE_RETRY_AFTER_S,
    async pressureHandler(req, _reply, type) {
      req.log.warn({ pressure: type }, 'under pressure: request refused');
      throw new AppError(
        'UNAVAILABLE',
        tr('service.busy', 'The server is busy right now. Please try again in a few seconds.'),
        {
          retryAfterS: PRESSURE_RETRY_AFTER_S,
        },
      );
    },
  });

  await app.register(securityHeaders, { config });
  await app.register(cookie);
  await app.register(requestGuards, { config });

  // The one error path outside tRPC: request guards, legacy /api/v1 routes and Fastify's own 4xx all end here.
  app.setErrorHandler((err: Error, req, reply) => {
    const pub = toPublicError(err);
    if (isDatabaseUnavailable(err)) req.log.warn({ reason: reasonOf(err) }, 'request failed: database unavailable');
    else if (pub.status >= 500) req.log.error({ err }, 'request failed');
    const retryAfter = retryAfterOf([err]);
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return reply.code(pub.status).send(errorBody(pub));
  });

  // Alive even when busy: a saturated process is not a dead one (only the other routes shed load).
  app.get('/healthz', { config: { pressureHandler: () => undefined } }, async () => ({ ok: true }));
  // Answers within READY_TIMEOUT_MS whatever the database does (paused, pool exhausted): a probe must not hang.
  app.get('/readyz', async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
    });
    try {
      const answer = await Promise.race([sql`select 1`.execute(deps.db), timedOut]);
      if (answer !== 'timeout') return { ok: true, database: opts.db.kind };
    } catch {
      // falls through to 503
    } finally {
      clearTimeout(timer);
    }
    reply.header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_S));
    return reply.code(503).send({ ok: false, ...errorBody({ message: 'The database is not answering.' }) });
  });

  await app.register(async (trpcScope) => {
    // tRPC percent-decodes the path Fastify has already decoded: a `%` that `%25` became and that starts no
    // valid escape (`/trpc/%25s%25n`) would throw "URI malformed" inside tRPC, which answers that 500.
    trpcScope.addHook('onRequest', async (req) => {
      const path = (req.params as { path?: string } | undefined)?.path;
      if (path === undefined) return;
      try {
        decodeURIComponent(path);
      } catch {
        throw new AppError(
          'BAD_INPUT',
          tr('request.badProcedurePath', 'The procedure path is not valid (malformed percent-encoding).'),
        );
      }
    });
    await trpcScope.register(trpcOnFastify<AppRouter>, {
      prefix: '/trpc',
      router: appRouter,
      // Checked by tRPC while it parses the request, before any context or procedure: 400 above it.
      maxBatchSize: MAX_BATCH_SIZE,
      // A statement file of up to STATEMENT_IMPORT_MAX_MB (the input's own check names the limit), sent as JSON
      // (quotes and line ends escaped): room for that, 413 beyond it.
      largeBodies: [{ path: 'statement.import', bodyLimit: STATEMENT_IMPORT_BODY_LIMIT }],
      createContext: (req, reply, info) => {
        refuseUnbatchable(info);
        return createContext(deps, req, reply);
      },
      responseMeta({ ctx, errors, paths }) {
        const headers: Record<string, string> = {};
        const retryAfter = retryAfterOf(errors);
        if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
        // A signed-in answer (or the one that signs in) is the account's: no cache may keep it (#27).
        if (ctx?.user || paths?.some((p) => SIGN_IN_PATHS.has(p))) headers['cache-control'] = 'no-store';
        return { headers };
      },
      onError({ error, path, fastifyRequest: req }) {
        if (isDatabaseUnavailable(error))
          req.log.warn({ path, reason: reasonOf(error) }, 'procedure failed: database unavailable');
        else if (toPublicError(error).status >= 500) req.log.error({ err: error, path }, 'procedure failed');
      },
    });
  });

  await app.register(marketRoutes); // GET /trpc/market.coins from bytes (a static route: wins over /trpc/:path)
  await app.register(marketLogoRoutes); // GET /api/market/logo/:coinId (#34)
  await app.register(dataExportRoutes); // GET /data-export/download?token=… (#21)
  await app.register(kycDocumentRoutes); // POST /api/kyc/documents (multipart, this scope only), GET …/:id (#33)
  await app.register(registerRestV1, { prefix: '/api/v1' });

  registerWebApp(app, config.webDistDir, {
    // A member on a new device (no theme cookie yet): the page comes in the theme saved on their account.
    accountTheme: async (req) => {
      const token = req.cookies[sessionCookieName(config.publicUrl)];
      return token ? ((await sessionTheme(deps, token)) ?? undefined) : undefined;
    },
  });
  return app;
}
