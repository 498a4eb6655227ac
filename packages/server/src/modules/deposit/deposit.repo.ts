import type { Insertable, Kysely } from 'kysely';
import type { DB, DepositRow, DepositTable } from '../../db/schema.ts';

/** A deposit row with its owner's email, as lists and answers show it. */
export type DepositView = DepositRow & { user_email: string };

/**
 * Inserts a new pending deposit unless this user already used the idempotency key. On a clash with a
 * request still in flight, PostgreSQL waits for it to finish before deciding, so `undefined` means the
 * other row is committed and `findDepositByKey` will see it.
 */
export async function insertDepositIfNew(
  db: Kysely<DB>,
  values: Insertable<DepositTable>,
): Promise<DepositRow | undefined> {
  return db
    .insertInto('deposits')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The deposit a user made with an idempotency key, if any. */
export async function findDepositByKey(
  db: Kysely<DB>,
  userId: string,
  idempotencyKey: string,
): Promise<DepositRow | undefined> {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** One deposit by id. */
export async function findDepositById(db: Kysely<DB>, id: string): Promise<DepositRow | undefined> {
  return db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Moves a deposit out of `pending`. Guarded in SQL: a deposit that is no longer pending is not touched and
 * `undefined` comes back, so two admins confirming at once produce exactly one confirmation.
 */
export async function markDepositReviewed(
  db: Kysely<DB>,
  id: string,
  review: { status: 'confirmed' | 'rejected'; reason: string | null; reviewedBy: string },
): Promise<DepositRow | undefined> {
  return db
    .updateTable('deposits')
    .set({ status: review.status, reason: review.reason, reviewed_by: review.reviewedBy, reviewed_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Newest first, `limit + 1` rows (the extra one tells there is a next page). */
export async function listDeposits(
  db: Kysely<DB>,
  filter: { userId?: string; status?: DepositRow['status']; beforeSeq?: number; limit: number },
): Promise<DepositView[]> {
  let q = db
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .selectAll('d')
    .select('u.email as user_email');
  if (filter.userId) q = q.where('d.user_id', '=', filter.userId);
  if (filter.status) q = q.where('d.status', '=', filter.status);
  if (filter.beforeSeq !== undefined) q = q.where('d.seq', '<', filter.beforeSeq);
  return q
    .orderBy('d.seq', 'desc')
    .limit(filter.limit + 1)
    .execute();
}
