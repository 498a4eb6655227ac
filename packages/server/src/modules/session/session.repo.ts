import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema.ts';
import { PUBLIC_USER_COLUMNS, type PublicUserRow } from '../user/user.repo.ts';

type Executor = Kysely<DB>;

/** Stores a session by the hash of its cookie token; it starts (and was last seen) at `now`. */
export async function insertSession(db: Executor, tokenHash: string, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ token_hash: tokenHash, user_id: userId, created_at: now, last_seen_at: now })
    .execute();
}

/** A session row with its user: whether it is still alive is the service's decision (it depends on the role). */
export type SessionWithUser = PublicUserRow & { session_created_at: Date; session_last_seen_at: Date };

/** The session with this token hash and its user, or undefined. */
export function findSessionWithUser(db: Executor, tokenHash: string): Promise<SessionWithUser | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(PUBLIC_USER_COLUMNS.map((c) => `users.${c}` as const))
    .select(['sessions.created_at as session_created_at', 'sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records a use of the session, unless another request already recorded a later one. */
export async function touchSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .where('last_seen_at', '<', now)
    .execute();
}

/** Deletes the session with this token hash (if any). */
export async function deleteSessionByHash(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes every session of one user; returns how many there were. */
export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<number> {
  const r = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes every session of one user except the one with `keepHash` (null: all); returns how many ended. */
export async function deleteSessionsOfUserExcept(
  db: Executor,
  userId: string,
  keepHash: string | null,
): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepHash !== null) q = q.where('token_hash', '!=', keepHash);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** For each role: sessions started at or before `startedBy`, or last seen at or before `seenBy`, are over. */
export type ExpiryCutoffs = Record<UserRow['account_type'], { startedBy: Date; seenBy: Date }>;

/** Deletes every session that is over by its user's role (and every session of a disabled user); returns how many. */
export async function deleteSessionsExpiredBy(db: Executor, cutoffs: ExpiryCutoffs): Promise<number> {
  const r = await db
    .deleteFrom('sessions')
    .where('token_hash', 'in', (qb) =>
      qb
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select('s.token_hash')
        .where((eb) =>
          eb.or([
            eb('u.disabled_at', 'is not', null),
            ...(['user', 'admin'] as const).map((role) =>
              eb.and([
                eb('u.account_type', '=', role),
                eb.or([
                  eb('s.created_at', '<=', cutoffs[role].startedBy),
                  eb('s.last_seen_at', '<=', cutoffs[role].seenBy),
                ]),
              ]),
            ),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
