import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { PUBLIC_USER_COLUMNS, type PublicUserRow } from '../user/user.repo.ts';

type Executor = Kysely<DB>;

/** Stores a session by the hash of its cookie token. */
export async function insertSession(db: Executor, tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
  await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
}

/** The user whose session has this token hash and is still valid at `now`. */
export function findUserByLiveSession(db: Executor, tokenHash: string, now: Date): Promise<PublicUserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(PUBLIC_USER_COLUMNS.map((c) => `users.${c}` as const))
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** Deletes the session with this token hash (if any). */
export async function deleteSessionByHash(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes every session expired at `now`; returns how many. */
export async function deleteSessionsExpiredBy(db: Executor, now: Date): Promise<number> {
  const r = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
