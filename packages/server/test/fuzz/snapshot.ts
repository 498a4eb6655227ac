import { sql } from 'kysely';
import type { Database } from '../../src/db/create-db.ts';

/**
 * Columns whose value a refused request must never change, besides row counts: money (`*_cents`), the state
 * of a request or position (`status`), optimistic versions and roles. Found by name in information_schema,
 * so a new table's money column is watched without editing this file.
 */
const WATCHED_COLUMN = /(_cents|^status|^version|^account_type|^balance|^amount)$/;

/**
 * Rows a refused request may legitimately write: records of the attempt itself (a rate-limit counter, an audit
 * row for a failed sign-in or a lock-out). Tables matching ATTEMPT_TABLES are left out of the comparison;
 * audit_log is compared per action, minus the actions matching ATTEMPT_AUDIT_ACTIONS.
 */
const ATTEMPT_TABLES = /^kysely_migration(_lock)?$|rate_?limit|attempt|throttle/i;
const ATTEMPT_AUDIT_ACTIONS = /login|sign.?in|sign.?up|auth|lock|rate.?limit|attempt|security/i;

/** One value per key: `<table>` = row count, `<table>#watch` = hash of the watched columns, `audit:<action>` = count. */
export type Snapshot = Record<string, string>;

/**
 * Builds one SQL statement that returns the whole snapshot, so taking it costs one round trip: exact row
 * counts of every base table in the schema (read from information_schema at the start, so new tables are
 * included), an md5 over the watched columns of every table that has any, and the audit log counted per action.
 */
export async function snapshotter(db: Database): Promise<() => Promise<Snapshot>> {
  const tables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
  ).rows
    .map((r) => r.table_name)
    .filter((t) => !ATTEMPT_TABLES.test(t));
  const columns = (
    await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(db)
  ).rows;
  const q = (id: string) => `"${id.replace(/"/g, '""')}"`;
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const parts: string[] = [];
  const hasAudit = tables.includes('audit_log');
  for (const t of tables) {
    // audit_log is compared per action (below), so attempt records can be told apart.
    if (t !== 'audit_log') parts.push(`${lit(t)}, (select count(*) from ${q(t)})::text`);
    const watched = columns.filter((c) => c.table_name === t && WATCHED_COLUMN.test(c.column_name));
    if (!watched.length) continue;
    // The id takes part (when there is one), so two rows swapping balances is a change too.
    const hasId = columns.some((c) => c.table_name === t && c.column_name === 'id');
    const row = `concat_ws('|', ${hasId ? 'id::text, ' : ''}${watched.map((c) => `${q(c.column_name)}::text`).join(', ')})`;
    parts.push(
      `${lit(`${t}#watch`)}, (select md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) from ${q(t)})`,
    );
  }
  const audit = hasAudit
    ? `(select coalesce(json_object_agg(action, n), '{}') from (select action, count(*)::text as n from audit_log group by action) a)`
    : `'{}'::json`;
  // A function takes at most 100 arguments: build the object in chunks of 40 pairs and merge them.
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 40) chunks.push(`jsonb_build_object(${parts.slice(i, i + 40).join(', ')})`);
  const query = sql.raw(`select ${chunks.join(' || ')} as s, ${audit} as a`);
  return async () => {
    const row = (await query.execute(db)).rows[0] as { s: unknown; a: unknown };
    const s = (typeof row.s === 'string' ? JSON.parse(row.s) : row.s) as Record<string, string>;
    const a = (typeof row.a === 'string' ? JSON.parse(row.a) : row.a) as Record<string, string>;
    const out: Snapshot = { ...s };
    for (const [action, n] of Object.entries(a)) {
      if (!ATTEMPT_AUDIT_ACTIONS.test(action)) out[`audit:${action}`] = String(n);
    }
    return out;
  };
}

/** Keys whose value differs between two snapshots, as `key: before → after`. */
export function snapshotDiff(before: Snapshot, after: Snapshot): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => before[k] !== after[k])
    .sort()
    .map((k) => `${k}: ${before[k] ?? '-'} → ${after[k] ?? '-'}`);
}

/**
 * Watches the database for changes between requests, cheaply and exactly. Every write to a table, committed or
 * rolled back, is done by a transaction that was assigned an id, and ids are handed out in order: when the
 * next id to assign (the xmax of a fresh snapshot) has not moved, nothing was written and the full snapshot
 * is not taken again. Only when it moved is the full snapshot taken and compared.
 */
export async function changeTracker(db: Database) {
  const take = await snapshotter(db);
  const mark = async () =>
    (await sql<{ x: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as x`.execute(db)).rows[0]!.x;
  let lastMark = await mark();
  let last = await take();
  const stats = { checks: 0, fullSnapshots: 0, markMs: 0, snapshotMs: 0 };
  return {
    stats,
    /** The differences since the last call (or sync), as `key: before → after`; [] when nothing changed. */
    async changes(): Promise<string[]> {
      stats.checks++;
      let t0 = performance.now();
      const m = await mark();
      stats.markMs += performance.now() - t0;
      if (m === lastMark) return [];
      t0 = performance.now();
      const now = await take();
      stats.snapshotMs += performance.now() - t0;
      stats.fullSnapshots++;
      const diff = snapshotDiff(last, now);
      last = now;
      lastMark = m;
      return diff;
    },
    /** Accepts the database as it is now (after the test itself wrote to it). */
    async sync(): Promise<void> {
      lastMark = await mark();
      last = await take();
    },
  };
}
