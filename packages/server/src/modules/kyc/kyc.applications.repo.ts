// #33: the SQL of identity applications and their reviews (kyc.service.ts and kyc.review.ts decide). Lock order,
// everywhere: the member's kyc_members row first (lockMemberTier), then their applications.
import type { TKycApplicationStatus, TKycDecision, TKycDocumentKind } from '@vestora/contract';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { KycApplicationTable, KycDocumentTable, KycMemberTable, KycReviewTable } from '../../db/schema-kyc.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type KycApplicationRow = Selectable<KycApplicationTable>;
export type KycDocumentRow = Selectable<KycDocumentTable>;
export type KycMemberRow = Selectable<KycMemberTable>;
export type KycReviewRow = Selectable<KycReviewTable>;

/** The statuses of an application still open for review (the unique index allows one per member). */
export const OPEN_STATUSES = ['pending', 'awaiting_second_review'] as const;

/** The member's kyc_members row (undefined: never submitted, tier 0). */
export function findKycMember(db: Db, userId: string): Promise<KycMemberRow | undefined> {
  return db.selectFrom('kyc_members').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Documents by id that belong to `userId` (another member's ids simply do not come back). */
export function findDocumentsOf(db: Db, userId: string, ids: readonly string[]): Promise<KycDocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('kyc_documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .orderBy('created_at')
    .execute();
}

/** Documents by id, whoever's (admins' view of an application). */
export function findDocuments(db: Db, ids: readonly string[]): Promise<KycDocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('kyc_documents').selectAll().where('id', 'in', ids).orderBy('created_at').execute();
}

/** Every application of a member, oldest first. */
export function listApplicationsOf(db: Db, userId: string): Promise<KycApplicationRow[]> {
  return db.selectFrom('kyc_applications').selectAll().where('user_id', '=', userId).orderBy('seq').execute();
}

export function findApplication(db: Db, id: string): Promise<KycApplicationRow | undefined> {
  return db.selectFrom('kyc_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The application, locked for this transaction (take the member's row first: lock order). */
export function lockApplication(trx: Transaction<DB>, id: string): Promise<KycApplicationRow | undefined> {
  return trx.selectFrom('kyc_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Whether an application of the member was rejected (a reject is final). */
export async function hasRejectedApplication(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('kyc_applications')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'rejected')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the member's open and retry applications superseded (a newer one replaces them); answers their ids. */
export async function supersedeOpenApplications(trx: Transaction<DB>, userId: string, now: Date): Promise<string[]> {
  const rows = await trx
    .updateTable('kyc_applications')
    .set({ status: 'superseded', updated_at: now })
    .where('user_id', '=', userId)
    .where('status', 'in', [...OPEN_STATUSES, 'retry'])
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export function insertApplication(
  trx: Transaction<DB>,
  a: {
    id: string;
    userId: string;
    tier: number;
    status: 'pending' | 'retry';
    legalName: string | null;
    dateOfBirth: string | null;
    address: string | null;
    documentIds: string[];
    retryItem?: string | null;
    memberReason?: string | null;
    now: Date;
  },
): Promise<KycApplicationRow> {
  return trx
    .insertInto('kyc_applications')
    .values({
      id: a.id,
      user_id: a.userId,
      tier: a.tier,
      status: a.status,
      legal_name: a.legalName,
      date_of_birth: a.dateOfBirth,
      address: a.address,
      document_ids: a.documentIds,
      retry_item: a.retryItem ?? null,
      member_reason: a.memberReason ?? null,
      submitted_at: a.now,
      decided_at: a.status === 'retry' ? a.now : null,
      updated_at: a.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves an application from `from` to `to` only if it is still `from` (guarded: of two admins deciding at once,
 * one changes it); answers the row, or undefined when it was no longer `from`.
 */
export function moveApplication(
  trx: Transaction<DB>,
  id: string,
  from: TKycApplicationStatus,
  to: TKycApplicationStatus,
  set: { retryItem?: string | null; memberReason?: string | null; decided: boolean; now: Date },
): Promise<KycApplicationRow | undefined> {
  return trx
    .updateTable('kyc_applications')
    .set({
      status: to,
      ...(set.retryItem !== undefined ? { retry_item: set.retryItem } : {}),
      ...(set.memberReason !== undefined ? { member_reason: set.memberReason } : {}),
      ...(set.decided ? { decided_at: set.now } : {}),
      updated_at: set.now,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

export async function insertReview(
  trx: Transaction<DB>,
  r: {
    id: string;
    applicationId: string;
    reviewerId: string;
    decision: TKycDecision;
    reason: string | null;
    item: string | null;
    note: string | null;
    now: Date;
  },
): Promise<void> {
  await trx
    .insertInto('kyc_reviews')
    .values({
      id: r.id,
      application_id: r.applicationId,
      reviewer_id: r.reviewerId,
      decision: r.decision,
      reason: r.reason,
      item: r.item,
      note: r.note,
      created_at: r.now,
    })
    .execute();
}

/** An application's decisions, oldest first, with each reviewer's address (admins only). */
export function listReviewsOf(
  db: Db,
  applicationIds: readonly string[],
): Promise<(KycReviewRow & { reviewer_email: string | null })[]> {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('kyc_reviews as r')
    .leftJoin('users as u', 'u.id', 'r.reviewer_id')
    .selectAll('r')
    .select('u.email as reviewer_email')
    .where('r.application_id', 'in', applicationIds)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

/** Applications waiting for a review, oldest first, with the member's address. */
export function listOpenApplications(db: Db, limit: number): Promise<(KycApplicationRow & { email: string })[]> {
  return db
    .selectFrom('kyc_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select('u.email')
    .where('a.status', 'in', OPEN_STATUSES)
    .orderBy('a.seq')
    .limit(limit)
    .execute();
}

/** The member's verified tier and details after a second approval (the row exists: the review locked it). */
export async function writeVerifiedMember(
  trx: Transaction<DB>,
  userId: string,
  v: { tier: number; legalName: string | null; dateOfBirth: string | null; address: string | null; now: Date },
): Promise<void> {
  await trx
    .updateTable('kyc_members')
    .set({
      tier: v.tier,
      legal_name: v.legalName,
      date_of_birth: v.dateOfBirth,
      address: v.address,
      tier_changed_at: v.now,
      updated_at: v.now,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Lowers the member's tier (a downgrade); the verified details stay for the record until retention. */
export async function lowerMemberTier(trx: Transaction<DB>, userId: string, tier: number, now: Date): Promise<void> {
  await trx
    .updateTable('kyc_members')
    .set({ tier, tier_changed_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('tier', '>', tier)
    .execute();
}

/**
 * Whether `adminId` created, promoted or changed `memberId`'s account: an audit row about the account by that admin
 * (an edit, a role change, a disable, an address marked verified...), a role request about the account that admin
 * asked for or decided, the admin who asked for the member's promotion (users.admin_granted_by), or money of the
 * member that admin proposed or approved (the rule withdrawals follow: approval.repo's tookPartInCredit).
 */
export async function adminChangedMember(db: Db, adminId: string, memberId: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('audit_log')
              .select(sql.lit(1).as('one'))
              .where('entity_type', '=', 'user')
              .where('entity_id', '=', memberId)
              .where('actor_id', '=', adminId),
          ),
          eb.exists(
            eb
              .selectFrom('role_requests')
              .select(sql.lit(1).as('one'))
              .where('user_id', '=', memberId)
              .where((w) => w.or([w('requested_by', '=', adminId), w('decided_by', '=', adminId)])),
          ),
          eb.exists(
            eb
              .selectFrom('users')
              .select(sql.lit(1).as('one'))
              .where('id', '=', memberId)
              .where('admin_granted_by', '=', adminId),
          ),
        ])
        .as('changed'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.changed);
}

/** The newest document of each kind among the member's approved applications (what backs their tier). */
export async function acceptedDocuments(db: Db, userId: string): Promise<KycDocumentRow[]> {
  const apps = await db
    .selectFrom('kyc_applications')
    .select(['document_ids'])
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('seq')
    .execute();
  const docs = await findDocumentsOf(
    db,
    userId,
    apps.flatMap((a) => a.document_ids),
  );
  const newest = new Map<string, KycDocumentRow>();
  for (const d of docs) newest.set(d.kind, d); // ordered by created_at: the last of each kind wins
  return [...newest.values()];
}

/** Members holding tier `minTier` or more with an accepted document of one of `kinds` that expired before `today`. */
export async function membersWithExpiredDocuments(
  db: Db,
  today: string,
  kinds: readonly TKycDocumentKind[],
  minTier: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('kyc_members as m')
    .select('m.user_id')
    .where('m.tier', '>=', minTier)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('kyc_applications as a')
          .innerJoin('kyc_documents as d', (j) => j.on(sql<boolean>`d.id = any(a.document_ids)`))
          .select(sql.lit(1).as('one'))
          .whereRef('a.user_id', '=', 'm.user_id')
          .where('a.status', '=', 'approved')
          .where('d.kind', 'in', kinds)
          .where('d.expires_on', '<', today),
      ),
    )
    .execute();
  return rows.map((r) => r.user_id);
}
