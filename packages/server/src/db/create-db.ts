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

export interface DbHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The `pg` pool behind `db` (PostgreSQL only), for libraries that keep their own tables (the limits' counters). */
  pool?: pg.Pool;
  /** Closes the pool / embedded database. */
  close(): Promise<void>;
}

/** PostgreSQL through `pg` when a URL is given; otherwise the embedded PGlite database in `dataDir` (or in memory). */
export async function createDb(opts: { databaseUrl?: string; dataDir?: string | 'memory' }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection can die under us (server restart, a terminated backend); without this listener
    // that would crash the process. The pool replaces the connection on next use.
    pool.on('error', (err) => console.warn(`database: an idle connection was closed (${err.message})`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool, close: () => db.destroy() };
  }
  let dir: string | undefined;
  if (opts.dataDir && opts.dataDir !== 'memory') {
    dir = path.resolve(opts.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite(dir, { parsers: { [INT8_OID]: (v: string) => Number(v) } });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
