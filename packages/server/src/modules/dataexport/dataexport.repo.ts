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

// --- What goes into the ZIP: the member's own rows, explicit columns (no hash, token or secret ever). ---

/** The member's profile (no password hash, no two-factor secret, no referrer id). */
export function exportProfile(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'country',
      'city',
      'account_type',
      'balance_cents',
      'referral_code',
      'deposit_reference',
      'email_verified_at',
      'email_notifications',
      'two_factor_enabled_at',
      'disabled_at',
      'created_at',
      'updated_at',
    ])
    .select((eb) => eb('referred_by', 'is not', null).as('signed_up_with_referral'))
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Who acted, as the member may know it: themselves, staff (an admin) or the system (no names of others). */
const actorAs = (userId: string) =>
  sql<string>`case when actor_id is null then 'system' when actor_id = ${userId} then 'you' else 'staff' end`;

export function exportLedger(db: Executor, userId: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'seq', 'kind', 'amount_cents', 'balance_after_cents', 'ref_type', 'ref_id', 'memo', 'created_at'])
    .select(actorAs(userId).as('by'))
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

export function exportDeposits(db: Executor, userId: string) {
  return db
    .selectFrom('deposits')
    .select(['id', 'seq', 'amount_cents', 'reference', 'status', 'reason', 'created_at', 'reviewed_at'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

export function exportWithdrawals(db: Executor, userId: string) {
  return db
    .selectFrom('withdrawals')
    .select([
      'id',
      'seq',
      'amount_cents',
      'method',
      'details',
      'status',
      'reason',
      'payout_reference',
      'end_to_end_id',
      'created_at',
      'reviewed_at',
      'sent_at',
      'cancelled_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

export function exportInvestments(db: Executor, userId: string) {
  return db
    .selectFrom('investments')
    .select([
      'id',
      'seq',
      'plan_name',
      'amount_cents',
      'annual_rate_bps',
      'term_months',
      'payout_frequency',
      'early_exit_allowed',
      'status',
      'started_at',
      'maturity_at',
      'next_due_at',
      'paid_periods',
      'interest_paid_cents',
      'closed_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

export function exportPayouts(db: Executor, userId: string) {
  return db
    .selectFrom('investment_payouts as p')
    .innerJoin('investments as i', 'i.id', 'p.investment_id')
    .select([
      'p.investment_id',
      'i.plan_name',
      'p.period',
      'p.due_at',
      'p.interest_cents',
      'p.principal_cents',
      'p.paid_at',
    ])
    .where('i.user_id', '=', userId)
    .orderBy('p.paid_at')
    .orderBy('p.investment_id')
    .orderBy('p.period')
    .execute();
}

/** Referral rewards the member earned (as referrer) or brought (as the referred member), without the other's id. */
export function exportReferralRewards(db: Executor, userId: string) {
  return db
    .selectFrom('referral_rewards')
    .select(['amount_cents', 'status', 'created_at', 'settled_at'])
    .select(
      sql<string>`case when referrer_id = ${userId} then 'you referred a member' else 'you were referred' end`.as(
        'role',
      ),
    )
    .where((eb) => eb.or([eb('referrer_id', '=', userId), eb('referred_user_id', '=', userId)]))
    .orderBy('created_at')
    .execute();
}

/** Signed-in devices now (no token hash). */
export function exportSessions(db: Executor, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Devices the member ever signed in from. */
export function exportKnownDevices(db: Executor, userId: string) {
  return db
    .selectFrom('known_devices')
    .select(['user_agent', 'address', 'first_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('first_seen_at')
    .execute();
}

/** Messages queued for the member (what, when, whether sent; never a body: old bodies may hold account links). */
export function exportEmails(db: Executor, userId: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'status', 'created_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

/** Audit rows by the member or about them (their account, deposits, withdrawals, investments). */
export function exportAuditRows(db: Executor, userId: string) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'seq', 'action', 'entity_type', 'entity_id', 'before', 'after', 'created_at'])
    .select(actorAs(userId).as('by'))
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', userId),
        eb('entity_id', '=', userId),
        eb(
          'entity_id',
          'in',
          eb
            .selectFrom('deposits')
            .select(sql<string>`id::text`.as('id'))
            .where('user_id', '=', userId),
        ),
        eb(
          'entity_id',
          'in',
          eb
            .selectFrom('withdrawals')
            .select(sql<string>`id::text`.as('id'))
            .where('user_id', '=', userId),
        ),
        eb(
          'entity_id',
          'in',
          eb
            .selectFrom('investments')
            .select(sql<string>`id::text`.as('id'))
            .where('user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('seq')
    .execute();
}

/**
 * The member's in-app notifications, when the notifications table exists (#21's notification centre lands it):
 * every column of their rows, since its shape is not known here. Null when there is no such table.
 */
export async function exportNotificationsIfPresent(
  db: Executor,
  userId: string,
): Promise<Record<string, unknown>[] | null> {
  const present = await sql<{ ok: boolean }>`
    select exists (
      select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = 'notifications' and column_name = 'user_id'
    ) as ok`.execute(db);
  if (!present.rows[0]?.ok) return null;
  const r = await sql<Record<string, unknown>>`select * from notifications where user_id = ${userId}`.execute(db);
  return r.rows;
}
