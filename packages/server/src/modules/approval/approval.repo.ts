import type { Kysely, Selectable } from 'kysely';
import type { ApprovalKind, ApprovalStatus, ApprovalTable, DB } from '../../db/schema.ts';

type Executor = Kysely<DB>;
export type ApprovalRow = Selectable<ApprovalTable>;

/** A proposal with the addresses approval.list shows (the member concerned and the proposer). */
export interface ApprovalListRow extends ApprovalRow {
  user_email: string | null;
  proposer_email: string;
}

function withNames(db: Executor) {
  return db
    .selectFrom('approvals as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('users as p', 'p.id', 'a.proposed_by')
    .selectAll('a')
    .select(['u.email as user_email', 'p.email as proposer_email']);
}

/** Writes a new pending proposal. */
export function insertApproval(
  db: Executor,
  row: {
    id: string;
    kind: ApprovalKind;
    payload: Record<string, unknown>;
    userId: string | null;
    amountCents: number | null;
    reason: string;
    proposedBy: string;
    now: Date;
  },
): Promise<ApprovalRow> {
  return db
    .insertInto('approvals')
    .values({
      id: row.id,
      kind: row.kind,
      payload: JSON.stringify(row.payload),
      user_id: row.userId,
      amount_cents: row.amountCents,
      reason: row.reason,
      proposed_by: row.proposedBy,
      created_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The pending confirmation of a deposit, if one was proposed (one at most: a partial unique index). */
export function findPendingDepositApproval(db: Executor, depositId: string): Promise<ApprovalRow | undefined> {
  return db
    .selectFrom('approvals')
    .selectAll()
    .where('kind', '=', 'deposit_confirm')
    .where('status', '=', 'pending')
    .where((eb) => eb(eb.ref('payload', '->>').key('depositId' as never), '=', depositId))
    .executeTakeFirst();
}

/** The pending release of a crypto payout, if one was proposed (one at most: a partial unique index). */
export function findPendingCryptoRelease(db: Executor, withdrawalId: string): Promise<ApprovalRow | undefined> {
  return db
    .selectFrom('approvals')
    .selectAll()
    .where('kind', '=', 'crypto_payout_release')
    .where('status', '=', 'pending')
    .where((eb) => eb(eb.ref('payload', '->>').key('withdrawalId' as never), '=', withdrawalId))
    .executeTakeFirst();
}

/** Locks one proposal until the transaction ends: a decision is taken once. */
export function lockApproval(db: Executor, id: string): Promise<ApprovalRow | undefined> {
  return db.selectFrom('approvals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Decides a pending proposal; undefined when it was no longer pending (the guard of a second decision). */
export function decideApproval(
  db: Executor,
  id: string,
  d: { status: Exclude<ApprovalStatus, 'pending'>; by: string; at: Date; reason: string | null },
): Promise<ApprovalRow | undefined> {
  return db
    .updateTable('approvals')
    .set({ status: d.status, decided_by: d.by, decided_at: d.at, decision_reason: d.reason })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** One proposal with addresses. */
export function findApproval(db: Executor, id: string): Promise<ApprovalListRow | undefined> {
  return withNames(db).where('a.id', '=', id).executeTakeFirst();
}

/** Proposals, newest first (pending ones oldest first: the queue), at most `limit`. */
export function listApprovalRows(
  db: Executor,
  opts: { status?: ApprovalStatus | undefined; limit: number },
): Promise<ApprovalListRow[]> {
  return withNames(db)
    .$if(opts.status !== undefined, (qb) => qb.where('a.status', '=', opts.status!))
    .orderBy('a.created_at', opts.status === 'pending' ? 'asc' : 'desc')
    .orderBy('a.id')
    .limit(opts.limit)
    .execute();
}

/**
 * Whether `adminId` proposed or approved money credited to `userId` through an approval (an adjustment or a
 * hand-confirmed deposit): such an admin may not approve that member's payout (#27).
 */
export async function tookPartInCredit(db: Executor, userId: string, adminId: string): Promise<boolean> {
  const row = await db
    .selectFrom('approvals')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .where('kind', 'in', ['balance_adjustment', 'deposit_confirm'])
    .where('amount_cents', '>', 0)
    .where((eb) => eb.or([eb('proposed_by', '=', adminId), eb('decided_by', '=', adminId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The admins' addresses (every admin is told when the deposit account changes). */
export function listAdminAddresses(db: Executor): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('account_type', '=', 'admin')
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .execute();
}
