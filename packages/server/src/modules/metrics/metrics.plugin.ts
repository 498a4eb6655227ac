import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody } from '../../lib/errors.ts';
import { readBacklogFigures } from './metrics.repo.ts';

/** What the plugin needs besides `app.deps`. */
export interface MetricsOptions {
  /** Every procedure path of the router (`plan.list`...): only these become label values. */
  procedures: Iterable<string>;
  /** The `pg` pool (PostgreSQL only); without one no pool gauges are exported. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } };
}

/** The route template every tRPC call is served under (the procedure path is its parameter). */
const TRPC_ROUTE = '/trpc/:path';
/** `procedure` label of a tRPC batch (`/trpc/a,b?batch=1`): one observation per HTTP request, see README. */
export const BATCH_PROCEDURE = '(batch)';
/** `procedure` label of a path that names no procedure (a typo, a probe): never the path itself. */
export const UNKNOWN_PROCEDURE = '(unknown)';
/** `route` label of a request no route matched (the not-found handler, which also serves page HTML). */
export const NO_ROUTE = '(no route)';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** Seconds; the low buckets matter: a cached procedure answers in about a millisecond. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics at GET /metrics, behind `Authorization: Bearer METRICS_TOKEN`; with no METRICS_TOKEN this
 * plugin does nothing (no route: 404, no hook: no per-request cost). Per request it adds one onResponse hook
 * and one histogram observation, timed by Fastify's own clock (`reply.elapsedTime`, taken for every request
 * anyway). Labels are bounded: route templates, known procedure paths, methods and status classes only, never
 * a raw URL or query string (which may carry tokens). Everything else is read at scrape time.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions) => {
    const { config, db, clock, market, log } = app.deps;
    const token = config.METRICS_TOKEN;
    if (!token) return;
    const tokenDigest = sha256(token);
    const procedures = new Set(opts.procedures);

    // A registry per app, not prom-client's global one: tests build several apps in one process.
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its response, by route template and tRPC procedure.',
      labelNames: ['method', 'route', 'procedure', 'status_class'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    const procedureOf = (req: FastifyRequest): string => {
      const path = (req.params as { path?: string } | undefined)?.path;
      if (path !== undefined && procedures.has(path)) return path;
      return path?.includes(',') ? BATCH_PROCEDURE : UNKNOWN_PROCEDURE;
    };
    app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const route = req.routeOptions.url ?? NO_ROUTE;
      duration.observe(
        {
          method: METHODS.has(req.method) ? req.method : 'OTHER',
          route,
          procedure: route === TRPC_ROUTE ? procedureOf(req) : '',
          status_class: STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? 'other',
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
    const pool = opts.pool;
    const poolGauges = pool && {
      total: gauge('vestora_db_pool_connections', 'PostgreSQL connections the pool holds (in use + idle).'),
      idle: gauge('vestora_db_pool_idle_connections', 'PostgreSQL connections open and free.'),
      waiting: gauge('vestora_db_pool_waiting_requests', 'Queries waiting for a free connection.'),
      max: gauge('vestora_db_pool_max_connections', 'DATABASE_POOL_MAX: connections the pool opens at most.'),
    };
    const marketAge = gauge(
      'vestora_market_cache_age_seconds',
      'Seconds since the served market data was fetched from the feed (NaN: never fetched, the snapshot is served).',
    );
    const payoutLag = gauge(
      'vestora_payout_lag_seconds',
      'Seconds the oldest due, unpaid payout period has been waiting (0: nothing overdue; NaN: database unreadable).',
    );
    const queuedMail = gauge(
      'vestora_mail_outbox_queued',
      'Messages queued in the outbox (without SMTP_URL they stay there for the Outbox page; NaN: database unreadable).',
    );
    const bitcoinLag = gauge(
      'vestora_bitcoin_height_lag_blocks',
      'Blocks the Bitcoin watcher is behind its block source (NaN: Bitcoin deposits off, chain not read yet, or database unreadable).',
    );

    /** Sets the figures that are read rather than counted; a database failure leaves NaN, never a stale value. */
    async function readFigures() {
      if (pool && poolGauges) {
        poolGauges.total.set(pool.totalCount);
        poolGauges.idle.set(pool.idleCount);
        poolGauges.waiting.set(pool.waitingCount);
        poolGauges.max.set(pool.options?.max ?? config.DATABASE_POOL_MAX);
      }
      // NaN while this instance serves the bundled snapshot (nothing fetched yet).
      marketAge.set(market.cacheAgeSeconds() ?? NaN);
      try {
        const b = await readBacklogFigures(db);
        const now = clock.now().getTime();
        payoutLag.set(b.oldestDueAt ? Math.max(0, (now - b.oldestDueAt.getTime()) / 1000) : 0);
        queuedMail.set(b.queuedMail);
        bitcoinLag.set(config.BTC_XPUB && b.bitcoinLag !== null ? b.bitcoinLag : NaN);
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'metrics: backlog figures unreadable');
        payoutLag.set(NaN);
        queuedMail.set(NaN);
        bitcoinLag.set(NaN);
      }
    }

    // Not refused under pressure (like /healthz): a saturated process is when its figures matter most.
    app.get('/metrics', { config: { pressureHandler: () => undefined } }, async (req, reply) => {
      const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
      if (given === undefined || !timingSafeEqual(sha256(given), tokenDigest)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return reply.code(401).send(errorBody({ message: 'Send the metrics token: Authorization: Bearer <token>.' }));
      }
      await readFigures();
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
