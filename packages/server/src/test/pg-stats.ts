import { sql } from 'kysely';
import type { Database } from '../db/create-db.ts';

/** PostgreSQL's cumulative counters for one database (pg_stat_database), for benchmarks to diff around a run. */
export interface PgCounters {
  commits: number;
  rollbacks: number;
  inserted: number;
  updated: number;
  fetched: number;
  /** Statements executed, when pg_stat_statements is loaded (shared_preload_libraries); else null. */
  statements: number | null;
}

/**
 * Reads the counters of `databaseName`. Backends report them at a transaction's end at most once a second, so
 * a reading lags by up to a second: read both ends of a window under the same load and the lags cancel.
 */
export async function readPgCounters(db: Database, databaseName: string): Promise<PgCounters> {
  // A transaction keeps its first snapshot of the statistics; this makes the read current.
  await sql`select pg_stat_clear_snapshot()`.execute(db);
  const r = await sql<{ c: string; r: string; i: string; u: string; f: string }>`
    select xact_commit as c, xact_rollback as r, tup_inserted as i, tup_updated as u, tup_fetched as f
    from pg_stat_database where datname = ${databaseName}`.execute(db);
  const row = r.rows[0];
  if (!row) throw new Error(`no pg_stat_database row for ${databaseName}`);
  let statements: number | null = null;
  try {
    const s = await sql<{ n: string | null }>`
      select sum(calls) as n from pg_stat_statements s join pg_database d on d.oid = s.dbid
      where d.datname = ${databaseName}`.execute(db);
    statements = Number(s.rows[0]?.n ?? 0);
  } catch {
    statements = null; // the extension is not installed or not preloaded
  }
  return {
    commits: Number(row.c),
    rollbacks: Number(row.r),
    inserted: Number(row.i),
    updated: Number(row.u),
    fetched: Number(row.f),
    statements,
  };
}
