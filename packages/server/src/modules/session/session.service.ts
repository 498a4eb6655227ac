import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/create-db.ts';
import type { PublicUserRow } from '../user/user.repo.ts';
import { deleteSessionByHash, deleteSessionsExpiredBy, findUserByLiveSession, insertSession } from './session.repo.ts';

/** The signed-in user as procedures see it: the public columns, never the password hash. */
export type SessionUser = PublicUserRow;

export const SESSION_COOKIE = 'vestora_session';

/** sha256 of the cookie token: the only form the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session: a 256-bit random token for the cookie, its hash in the database. */
export async function createSession(db: Database, userId: string, ttlHours: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await insertSession(db, hashToken(token), userId, expiresAt);
  return { token, expiresAt };
}

/** The user behind a cookie token, or null when it is unknown or expired. */
export async function findUserBySessionToken(db: Database, token: string): Promise<SessionUser | null> {
  return (await findUserByLiveSession(db, hashToken(token), new Date())) ?? null;
}

/** Ends a session server-side. */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await deleteSessionByHash(db, hashToken(token));
}

/** Housekeeping: drops expired sessions. */
export async function deleteExpiredSessions(db: Database): Promise<number> {
  return deleteSessionsExpiredBy(db, new Date());
}
