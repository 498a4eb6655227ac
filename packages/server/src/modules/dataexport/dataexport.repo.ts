import { type Kysely, sql } from 'kysely';
import type { DataExportStatus, DB } from '../../db/schema.ts';

type Executor = Kysely<DB>;

/** What the member's list shows of one export (never the file or the token hash). */
export interface DataExportListRow {
  id: string;
  status: DataExportStatus;
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
  used_at: Date | null;
  file_bytes: number | null;
}

const LIST_COLUMNS = ['id', 'status', 'requested_at', 'ready_at', 'expires_at', 'used_at', 'file_bytes'] as const;

/** The member's open export (pending or building), if any. */
export function findOpenExport(db: Executor, userId: string): Promise<DataExportListRow | undefined> {
  return db
    .selectFrom('data_exports')
    .select(LIST_COLUMNS)
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'building'])
    .executeTakeFirst();
}

/**
 * Inserts a pending export; undefined when the member already has one open (the partial unique index
 * data_exports_one_open_per_user decides, so two racing requests make one).
 */
export function insertPendingExport(
  db: Executor,
  row: { id: string; userId: string; now: Date },
): Promise<DataExportListRow | undefined> {
  return db
    .insertInto('data_exports')
    .values({ id: row.id, user_id: row.userId, requested_at: row.now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .where(sql<boolean>`status in ('pending', 'building')`)
        .doNothing(),
    )
    .returning(LIST_COLUMNS)
    .executeTakeFirst();
}

/** How many exports the member asked for since `since`, and when the oldest of them was asked for. */
export async function countExportsSince(
  db: Executor,
  userId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const r = await db
    .selectFrom('data_exports')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('requested_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), oldest: r.oldest === null ? null : new Date(r.oldest) };
}

/** The member's exports, newest first (at most `limit`). */
export function listExportsOfUser(db: Executor, userId: string, limit: number): Promise<DataExportListRow[]> {
  return db
    .selectFrom('data_exports')
    .select(LIST_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('requested_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One export of one member, locked (another member's id is not found). */
export function findExportOfUserForUpdate(
  db: Executor,
  userId: string,
  id: string,
): Promise<DataExportListRow | undefined> {
  return db
    .selectFrom('data_exports')
    .select(LIST_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Replaces the export's download token (an earlier link stops working). */
export async function setExportToken(db: Executor, id: string, tokenHash: string): Promise<void> {
  await db.updateTable('data_exports').set({ token_hash: tokenHash }).where('id', '=', id).execute();
}

/**
 * Claims the oldest export waiting to be built (or one whose builder's lease ran out): several instances
 * may run builders on one database; SKIP LOCKED lets each take a different row.
 */
export async function claimNextExport(
  db: Executor,
  now: Date,
  leaseUntil: Date,
): Promise<{ id: string; user_id: string; attempts: number } | undefined> {
  const r = await sql<{ id: string; user_id: string; attempts: number }>`
    update data_exports set status = 'building', lease_until = ${leaseUntil}, attempts = attempts + 1
    where id = (
      select id from data_exports
      where status = 'pending' or (status = 'building' and lease_until < ${now})
      order by requested_at
      limit 1
      for update skip locked
    )
    returning id, user_id, attempts`.execute(db);
  return r.rows[0];
}

/** Stores the built file; false when the row is no longer this builder's (another took it over). */
export async function markExportReady(
  db: Executor,
  id: string,
  file: Uint8Array,
  at: { readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const r = await db
    .updateTable('data_exports')
    .set({
      status: 'ready',
      file,
      file_bytes: file.byteLength,
      ready_at: at.readyAt,
      expires_at: at.expiresAt,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'building')
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Gives up an export (after repeated failures), with the reason kept for the operator. */
export async function markExportFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ status: 'failed', error, lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'building')
    .execute();
}

/** Puts a failed attempt back in the queue (the next builder tries again). */
export async function releaseExport(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ status: 'pending', lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'building')
    .execute();
}

/** The export a download token names, locked: who owns it and whether it may still be downloaded. */
export function findExportByTokenForUpdate(
  db: Executor,
  tokenHash: string,
): Promise<
  | {
      id: string;
      user_id: string;
      status: DataExportStatus;
      expires_at: Date | null;
      used_at: Date | null;
      file: Uint8Array | null;
    }
  | undefined
> {
  return db
    .selectFrom('data_exports')
    .select(['id', 'user_id', 'status', 'expires_at', 'used_at', 'file'])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks the export downloaded and drops its file (the link works once). */
export async function markExportUsed(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('data_exports').set({ used_at: now, file: null }).where('id', '=', id).execute();
}

/** Drops the files of exports whose 24 hours are over; answers how many. */
export async function dropExpiredExportFiles(db: Executor, now: Date): Promise<number> {
  const r = await db
    .updateTable('data_exports')
    .set({ file: null })
    .where('file', 'is not', null)
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Drops every stored file and link of a member's exports, and gives up open ones (closing the account). */
export async function dropExportsOfUser(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({
      file: null,
      token_hash: null,
      status: sql<DataExportStatus>`case when status in ('pending', 'building') then 'failed' else status end`,
      error: sql<string | null>`case when status in ('pending', 'building') then 'account closed' else error end`,
    })
    .where('user_id', '=', userId)
    .execute();
}
