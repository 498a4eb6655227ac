import type { Insertable, Kysely } from 'kysely';
import type { DB, WithdrawalRow, WithdrawalTable } from '../../db/schema.ts';

/** A withdrawal row with its owner's email, as lists and answers show it. */
export type WithdrawalView = WithdrawalRow & { user_email: string };

/**
 * Inserts a new pending withdrawal unless this user already used the idempotency key. On a clash with a
 * request still in flight PostgreSQL waits for that transaction: if it commits, nothing is inserted
 * (`undefined`) and the winner's row is visible to the next statement; if it rolls back, this insert goes on.
 */
export async function insertWithdrawalIfNew(
  db: Kysely<DB>,
  values: Insertable<WithdrawalTable>,
): Promise<WithdrawalRow | undefined> {
  return db
    .insertInto('withdrawals')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The withdrawal a user made with an idempotency key, if any. */
export async function findWithdrawalByKey(
  db: Kysely<DB>,
  userId: string,
  idempotencyKey: string,
): Promise<WithdrawalRow | undefined> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** One withdrawal by id. */
export async function findWithdrawalById(db: Kysely<DB>, id: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Admin decision. Guarded: only a pending withdrawal changes; otherwise `undefined` and nothing is touched. */
export async function markWithdrawalReviewed(
  db: Kysely<DB>,
  id: string,
  review: { status: 'paid' | 'rejected'; reason: string | null; payoutReference: string | null; reviewedBy: string },
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({
      status: review.status,
      reason: review.reason,
      payout_reference: review.payoutReference,
      reviewed_by: review.reviewedBy,
      reviewed_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Cancellation. Guarded: only a pending withdrawal (of `ownerId`, when given) changes. */
export async function markWithdrawalCancelled(
  db: Kysely<DB>,
  id: string,
  ownerId: string | null,
): Promise<WithdrawalRow | undefined> {
  let q = db
    .updateTable('withdrawals')
    .set({ status: 'cancelled', cancelled_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (ownerId !== null) q = q.where('user_id', '=', ownerId);
  return q.returningAll().executeTakeFirst();
}

/** Newest first, `limit + 1` rows (the extra one tells there is a next page). */
export async function listWithdrawals(
  db: Kysely<DB>,
  filter: { userId?: string; status?: WithdrawalRow['status']; beforeSeq?: number; limit: number },
): Promise<WithdrawalView[]> {
  let q = db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .selectAll('w')
    .select('u.email as user_email');
  if (filter.userId) q = q.where('w.user_id', '=', filter.userId);
  if (filter.status) q = q.where('w.status', '=', filter.status);
  if (filter.beforeSeq !== undefined) q = q.where('w.seq', '<', filter.beforeSeq);
  return q
    .orderBy('w.seq', 'desc')
    .limit(filter.limit + 1)
    .execute();
}
