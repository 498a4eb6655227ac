import type { Kysely } from 'kysely';
import type { DB, RoleChange, RoleRequestRow } from '../../db/schema.ts';

type Executor = Kysely<DB>;

/** A role request with the names the Overview shows (the account concerned and the admin who asked). */
export interface RoleRequestListRow extends RoleRequestRow {
  user_email: string;
  user_first_name: string;
  user_last_name: string;
  requester_email: string;
}

function withNames(db: Executor) {
  return db
    .selectFrom('role_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('users as q', 'q.id', 'r.requested_by')
    .selectAll('r')
    .select([
      'u.email as user_email',
      'u.first_name as user_first_name',
      'u.last_name as user_last_name',
      'q.email as requester_email',
    ]);
}

/** Writes a pending request unless one for the same account and change is pending (then returns null). */
export async function insertRoleRequestIfNone(
  db: Executor,
  req: { id: string; userId: string; change: RoleChange; requestedBy: string },
  now: Date,
): Promise<{ id: string } | undefined> {
  return db
    .insertInto('role_requests')
    .values({ id: req.id, user_id: req.userId, change: req.change, requested_by: req.requestedBy, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'change']).where('status', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** The pending request for this account and change, if any. */
export function findPendingRoleRequest(
  db: Executor,
  userId: string,
  change: RoleChange,
): Promise<RoleRequestListRow | undefined> {
  return withNames(db)
    .where('r.user_id', '=', userId)
    .where('r.change', '=', change)
    .where('r.status', '=', 'pending')
    .executeTakeFirst();
}

/** One request with names. */
export function findRoleRequest(db: Executor, id: string): Promise<RoleRequestListRow | undefined> {
  return withNames(db).where('r.id', '=', id).executeTakeFirst();
}

/** Locks one request row until the transaction ends (a decision is taken once). */
export function lockRoleRequest(db: Executor, id: string): Promise<RoleRequestRow | undefined> {
  return db.selectFrom('role_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Pending requests, oldest first (at most `limit`). */
export function listPendingRoleRequests(db: Executor, limit: number): Promise<RoleRequestListRow[]> {
  return withNames(db).where('r.status', '=', 'pending').orderBy('r.created_at').orderBy('r.id').limit(limit).execute();
}

/** Records the decision on a pending request (guarded: a request is decided once). */
export async function decideRoleRequest(
  db: Executor,
  id: string,
  decision: { status: 'approved' | 'rejected'; by: string; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('role_requests')
    .set({ status: decision.status, decided_by: decision.by, decided_at: decision.at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
