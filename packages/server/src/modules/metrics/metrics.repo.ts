import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** What a /metrics scrape reads from the database, in one round trip. */
export interface BacklogFigures {
  /** The earliest `next_due_at` of an active position (null: none); the runner is behind when it is past. */
  oldestDueAt: Date | null;
  /** Messages waiting in the outbox (with no SMTP_URL they stay queued: that is the admins' Outbox page). */
  queuedMail: number;
  /** Blocks the Bitcoin watcher is behind its source (null: it has not read the chain yet). */
  bitcoinLag: number | null;
}

/**
 * Two index lookups: `min(next_due_at)` over the partial index `investments_due_idx` reads its first entry,
 * and the queued count walks `mail_outbox_due_idx` (status, next_attempt_at) for status = 'queued' only.
 */
export async function readBacklogFigures(db: Kysely<DB>): Promise<BacklogFigures> {
  const r = await sql<{
    oldest_due: Date | string | null;
    queued_mail: string | number;
    bitcoin_lag: string | number | null;
  }>`
    select
      (select min(next_due_at) from investments where status = 'active') as oldest_due,
      (select count(*) from mail_outbox where status = 'queued') as queued_mail,
      (select greatest(tip_height - height, 0) from bitcoin_watcher where id = 1) as bitcoin_lag
  `.execute(db);
  const row = r.rows[0];
  return {
    oldestDueAt: row?.oldest_due == null ? null : new Date(row.oldest_due),
    queuedMail: Number(row?.queued_mail ?? 0),
    bitcoinLag: row?.bitcoin_lag == null ? null : Number(row.bitcoin_lag),
  };
}
