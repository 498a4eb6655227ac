import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

// bigint columns hold cents and sequence numbers, all far below 2^53: read them as numbers.
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (v) => Number(v));

export type Database = Kysely<DB>;

/** Where database warnings go: the app's logger once it exists (pino's `warn(obj, msg)`). */
export interface DbLog {
  warn(obj: object, msg: string): void;
}

export interface DbHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The `pg` pool behind `db` (PostgreSQL only), for libraries that keep their own tables (the limits' counters). */
  pool?: pg.Pool;
  /** Closes the pool / embedded database. */
  close(): Promise<void>;
  /** Sends the pool's warnings (connections lost, queries given up) to `log` from now on. */
  setLog?(log: DbLog): void;
}

/** How the PostgreSQL pool behaves when the database is slow or gone (config: DATABASE_POOL_MAX, DB_*). */
export interface PoolSettings {
  max: number;
  /** Waiting for a connection: a new one, or a free one from a full pool. */
  connectTimeoutMs: number;
  /** PostgreSQL statement_timeout; 0 = none. */
  statementTimeoutMs: number;
  /** PostgreSQL lock_timeout; 0 = none. */
  lockTimeoutMs: number;
  /** PostgreSQL idle_in_transaction_session_timeout; 0 = none. */
  idleInTxTimeoutMs: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  max: 10,
  connectTimeoutMs: 2000,
  statementTimeoutMs: 2000,
  lockTimeoutMs: 1500,
  idleInTxTimeoutMs: 10_000,
};

/** The pool settings of a loaded config. */
export function poolSettingsFrom(config: {
  DATABASE_POOL_MAX: number;
  DB_CONNECT_TIMEOUT_MS: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_LOCK_TIMEOUT_MS: number;
  DB_IDLE_TX_TIMEOUT_MS: number;
}): PoolSettings {
  return {
    max: config.DATABASE_POOL_MAX,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS,
    idleInTxTimeoutMs: config.DB_IDLE_TX_TIMEOUT_MS,
  };
}

/**
 * A query the server has not answered this long after its statement_timeout is given up on the client: the
 * server never saw it or cannot answer (network cut, paused or frozen database). statement_timeout, which
 * leaves the connection usable, always fires first when the server is there.
 */
const QUERY_READ_GRACE_MS = 500;

const consoleLog: DbLog = {
  warn: (obj, msg) => console.warn(`${msg} ${JSON.stringify(obj)}`),
};

/** PostgreSQL through `pg` when a URL is given; otherwise the embedded PGlite database in `dataDir` (or in memory). */
export async function createDb(opts: {
  databaseUrl?: string;
  dataDir?: string | 'memory';
  /** PGlite only: start from this data directory (a `dumpDataDir()` tarball) instead of an empty one. */
  loadDataDir?: Blob;
  pool?: Partial<PoolSettings>;
  log?: DbLog;
}): Promise<DbHandle> {
  let log = opts.log ?? consoleLog;
  const setLog = (l: DbLog) => {
    log = l;
  };
  if (opts.databaseUrl) {
    const s: PoolSettings = { ...DEFAULT_POOL_SETTINGS, ...opts.pool };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: s.max,
      connectionTimeoutMillis: s.connectTimeoutMs,
      // Sent as start-up parameters: every connection of the pool has them (0 = PostgreSQL's "none").
      statement_timeout: s.statementTimeoutMs,
      lock_timeout: s.lockTimeoutMs,
      idle_in_transaction_session_timeout: s.idleInTxTimeoutMs,
      ...(s.statementTimeoutMs > 0 ? { query_timeout: s.statementTimeoutMs + QUERY_READ_GRACE_MS } : {}),
      // Notice a silently dead peer (a cut network) on idle connections too.
      keepAlive: true,
    });
    // An idle connection can die under us (server restart, a terminated backend); the pool drops it and emits
    // this. Without a listener that would crash the process. The pool opens a new connection on next use.
    pool.on('error', (err) => log.warn({ err: describe(err) }, 'database: an idle connection was lost'));
    pool.on('connect', (client) => guardClient(client, () => log));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool, close: () => db.destroy(), setLog };
  }
  let dir: string | undefined;
  if (opts.dataDir && opts.dataDir !== 'memory') {
    dir = path.resolve(opts.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite({
    dataDir: dir,
    parsers: { [INT8_OID]: (v: string) => Number(v) },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return { db, kind: 'pglite', close: () => db.destroy(), setLog };
}

/**
 * Makes one pooled connection safe to lose:
 * - pg emits `error` on a client whose connection dies while it is checked out but between queries (a
 *   terminated backend, ECONNRESET). The pool listens only while the client is idle, and an `error` event
 *   nobody listens to kills the process. Listening here for the client's whole life makes it a warning; the
 *   query that runs next fails (503) and the pool drops the client when it comes back.
 * - A query the server never answers (`Query read timeout`) leaves pg waiting for that answer, with every later
 *   query of the connection queued behind it. Closing the connection fails those at once, and the pool drops it.
 */
function guardClient(client: pg.PoolClient, log: () => DbLog): void {
  client.on('error', (err) => log().warn({ err: describe(err) }, 'database: a connection in use was lost'));
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.then(undefined, (err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') {
          log().warn({ err: describe(err) }, 'database: no answer to a query; closing its connection');
          (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        }
      });
    }
    return result;
  };
}

/** What a log line needs of a driver error: no stack (these are expected when the database is away). */
function describe(err: unknown): { message: string; code?: string } {
  const e = err as { message?: unknown; code?: unknown } | null;
  return {
    message: typeof e?.message === 'string' ? e.message : String(err),
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
  };
}
