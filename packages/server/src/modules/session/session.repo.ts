import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-query.ts';
import type { DB, UserRow } from '../../db/schema.ts';
import { balanceCentsColumn, PUBLIC_USER_COLUMN_NAMES, type PublicUserRow } from '../user/user.repo.ts';

type Executor = Kysely<DB>;

/** Where a session was started from (absent for sessions made server-side). */
export interface SessionOrigin {
  userAgent?: string | null;
  ip?: string | null;
}

/** Stores a session by the hash of its cookie token; it starts (and was last seen) at `now`. */
export async function insertSession(
  db: Executor,
  tokenHash: string,
  userId: string,
  now: Date,
  origin: SessionOrigin = {},
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      token_hash: tokenHash,
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      user_agent: origin.userAgent ?? null,
      ip: origin.ip ?? null,
    })
    .execute();
}

/** One of a user's sessions as the sessions list needs it (the token hash only to recognise this device). */
export interface SessionListRow {
  id: string;
  token_hash: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** Every session row of one user, most recently used first. */
export function listSessionsOfUser(db: Executor, userId: string): Promise<SessionListRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Deletes the session with this id if it belongs to this user; returns whether one was deleted. */
export async function deleteSessionOfUserById(db: Executor, userId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Deletes every session of one user except the one with this token hash; returns how many. */
export async function deleteOtherSessionsOfUser(db: Executor, userId: string, keepTokenHash: string): Promise<number> {
  const r = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A session row with its user: whether it is still alive is the service's decision (it depends on the role). */
export type SessionWithUser = PublicUserRow & { session_created_at: Date; session_last_seen_at: Date };

/** The session lookup of every signed-in request, compiled once. */
const selectSessionWithUser = compiledOnce(1, (db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...PUBLIC_USER_COLUMN_NAMES.map((c) => `users.${c}` as const), balanceCentsColumn()])
    .select(['sessions.created_at as session_created_at', 'sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.token_hash', '=', tokenHash),
);

/** The session with this token hash and its user, or undefined. */
export async function findSessionWithUser(db: Executor, tokenHash: string): Promise<SessionWithUser | undefined> {
  return (await selectSessionWithUser(db, tokenHash))[0];
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

/**
 * Records that the user signed in from this device. Returns 'new' when it was not known and the user had
 * other known devices, 'first' when it is the user's first known device, 'known' otherwise.
 */
export async function rememberDevice(
  db: Executor,
  userId: string,
  device: { userAgent: string; address: string },
  now: Date,
): Promise<'new' | 'first' | 'known'> {
  const inserted = await db
    .insertInto('known_devices')
    .values({ user_id: userId, user_agent: device.userAgent, address: device.address, first_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'user_agent', 'address']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!inserted) return 'known';
  const other = await db
    .selectFrom('known_devices')
    .select('user_id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('user_agent', '!=', device.userAgent), eb('address', '!=', device.address)]))
    .limit(1)
    .executeTakeFirst();
  return other ? 'new' : 'first';
}
