import { tr } from '@vestora/contract';
import { createHash, randomBytes } from 'node:crypto';
import { notifySecurity } from '../notification/notification.service.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { PublicUserRow } from '../user/user.repo.ts';
import {
  deleteOtherSessionsOfUser,
  deleteSessionByHash,
  deleteSessionOfUserById,
  deleteSessionsExpiredBy,
  deleteSessionsOfUser,
  deleteSessionsOfUserExcept,
  findSessionWithUser,
  insertSession,
  listSessionsOfUser,
  rememberDevice,
  type SessionOrigin,
  touchSession,
} from './session.repo.ts';
import { describeUserAgent } from './user-agent.ts';
import { addressBucket } from '../../lib/client-address.ts';
import { tm } from '../../i18n/i18n.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';

/** The signed-in user as procedures see it: the public columns, never the password hash. */
export type SessionUser = PublicUserRow;

export { SESSION_COOKIE, sessionCookieName } from '../../lib/session-cookie.ts';

/** A session's last use is written at most this often (not on every request). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

type Role = PublicUserRow['account_type'];
type SessionDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** How long a session of this role lives: without use (idle) and at most (absolute), in ms. */
export function sessionLimits(config: Config, role: Role): { idleMs: number; maxMs: number } {
  return role === 'admin'
    ? { idleMs: config.ADMIN_SESSION_IDLE_MIN * 60_000, maxMs: config.ADMIN_SESSION_MAX_H * 3_600_000 }
    : { idleMs: config.USER_SESSION_IDLE_H * 3_600_000, maxMs: config.USER_SESSION_MAX_H * 3_600_000 };
}

/** When a session ends unless used again: the earlier of the idle and the absolute limit. */
export function sessionEndsAt(config: Config, role: Role, createdAt: Date, lastSeenAt: Date): Date {
  const { idleMs, maxMs } = sessionLimits(config, role);
  return new Date(Math.min(lastSeenAt.getTime() + idleMs, createdAt.getTime() + maxMs));
}

/** sha256 of the cookie token: the only form the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session at `now`: a 256-bit random token for the cookie, its hash in the database. */
export async function createSession(
  db: Database,
  userId: string,
  now: Date,
  origin: SessionOrigin = {},
): Promise<{ token: string }> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, hashToken(token), userId, now, {
    userAgent: boundedUserAgent(origin.userAgent),
    ip: origin.ip ?? null,
  });
  return { token };
}

/** A User-Agent is the client's to choose: keep a bounded amount of it. */
const boundedUserAgent = (ua: string | null | undefined) => (ua ? ua.slice(0, 512) : null);

/**
 * Remembers the device of a sign-in (user agent + address, IPv6 by its /64) and, when the user has signed in
 * before but never from this device, queues a `signin.new_device` security mail. Call it in the sign-in's
 * transaction. A sign-in without a user agent or address (server-side) is not counted.
 */
export async function noteSignInDevice(
  deps: { db: Database; config: Pick<Config, 'publicUrl'> },
  user: Pick<PublicUserRow, 'id' | 'email' | 'first_name'>,
  origin: SessionOrigin,
  now: Date,
): Promise<boolean> {
  const userAgent = boundedUserAgent(origin.userAgent);
  if (!userAgent || !origin.ip) return false;
  const seen = await rememberDevice(deps.db, user.id, { userAgent, address: addressBucket(origin.ip) }, now);
  if (seen !== 'new') return false;
  const { browser, system } = describeUserAgent(userAgent);
  const device = { browser, system, address: origin.ip };
  await notifySecurity(
    deps.db,
    {
      kind: 'signin.new_device',
      to: user.email,
      userId: user.id,
      subject: tm('mail.newDevice.subject', 'New sign-in to your account'),
      greeting: tm('mail.greetingNamed', 'Hello {name},', { name: user.first_name }),
      paragraphs: [
        tm(
          'mail.newDevice.body',
          'Your account was just signed in from a device we have not seen before: {browser} on {system}, address {address}, at {time} UTC.',
          { ...device, time: now.toISOString().replace('T', ' ').slice(0, 16) },
        ),
        tm(
          'mail.newDevice.advice',
          'If this was you, there is nothing to do. If not, change your password now and sign out the other devices in Settings.',
        ),
      ],
      link: {
        label: tm('mail.newDevice.link', 'Review your signed-in devices'),
        url: `${deps.config.publicUrl.replace(/\/$/, '')}/dashboard/settings`,
      },
    },
    {
      kind: 'security.new_device',
      body: tm('notification.newDevice.body', '{browser} on {system}, address {address}.', device),
    },
    now,
  );
  return true;
}

export type { SessionOrigin } from './session.repo.ts';

export interface ResolvedSession {
  user: SessionUser;
  /** Set when this request extended the session: the cookie's new expiry. */
  refreshedUntil: Date | null;
}

/**
 * The user behind a cookie token, or null when it is unknown, over (idle or absolute limit of the user's
 * role now) or the account is disabled. An ended session's row is deleted. A use is recorded when the last
 * recorded one is over a minute old, and then the cookie's expiry moves with it.
 */
export async function resolveSession(deps: SessionDeps, token: string): Promise<ResolvedSession | null> {
  const tokenHash = hashToken(token);
  const row = await findSessionWithUser(deps.db, tokenHash);
  if (!row) return null;
  const now = deps.clock.now();
  const { session_created_at, session_last_seen_at, ...user } = row;
  const createdAt = new Date(session_created_at);
  const lastSeenAt = new Date(session_last_seen_at);
  if (user.disabled_at !== null || now >= sessionEndsAt(deps.config, user.account_type, createdAt, lastSeenAt)) {
    await deleteSessionByHash(deps.db, tokenHash);
    return null;
  }
  if (now.getTime() - lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return { user, refreshedUntil: null };
  await touchSession(deps.db, tokenHash, now);
  return { user, refreshedUntil: sessionEndsAt(deps.config, user.account_type, createdAt, now) };
}

/** The user behind a cookie token, or null (see resolveSession). */
export async function findUserBySessionToken(deps: SessionDeps, token: string): Promise<SessionUser | null> {
  return (await resolveSession(deps, token))?.user ?? null;
}

/**
 * The colour theme saved on the account behind a cookie token (a live session's), or null. Reads only: the
 * page this is for changes nothing, and the next API call records the session's use (and renews its cookie).
 */
export async function sessionTheme(deps: SessionDeps, token: string): Promise<SessionUser['theme'] | null> {
  const row = await findSessionWithUser(deps.db, hashToken(token));
  if (!row || row.disabled_at !== null) return null;
  const ends = sessionEndsAt(
    deps.config,
    row.account_type,
    new Date(row.session_created_at),
    new Date(row.session_last_seen_at),
  );
  return deps.clock.now() < ends ? row.theme : null;
}

/** Ends a session server-side. */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await deleteSessionByHash(db, hashToken(token));
}

/** Why every session of a user was ended (the audit log's `session.revoke` rows say it). */
export type RevokeReason =
  | 'role_change'
  | 'account_disabled'
  | 'promoted_by_cli'
  | 'password_change'
  | 'password_reset'
  | 'two_factor_enabled'
  | 'account_closed';

/** One signed-in device as its owner sees it (the token and its hash never leave the server). */
export interface DeviceSession {
  id: string;
  browser: string;
  system: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/**
 * The user's live sessions (an ended one not yet purged is left out), most recently used first; `current`
 * marks the one this request came with.
 */
export async function listOwnSessions(
  deps: SessionDeps,
  user: Pick<PublicUserRow, 'id' | 'account_type'>,
  currentToken: string | null,
): Promise<DeviceSession[]> {
  const now = deps.clock.now();
  const currentHash = currentToken ? hashToken(currentToken) : null;
  const rows = await listSessionsOfUser(deps.db, user.id);
  return rows
    .filter(
      (r) => now < sessionEndsAt(deps.config, user.account_type, new Date(r.created_at), new Date(r.last_seen_at)),
    )
    .map((r) => {
      const ua = describeUserAgent(r.user_agent);
      return {
        id: r.id,
        browser: ua.browser,
        system: ua.system,
        userAgent: r.user_agent,
        ip: r.ip,
        createdAt: new Date(r.created_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        current: r.token_hash === currentHash,
      };
    });
}

/** Ends one of the user's own sessions by its id (audited); another user's id or an unknown one is NOT_FOUND. */
export async function revokeOwnSession(db: Database, userId: string, sessionId: string): Promise<{ ok: true }> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteSessionOfUserById(trx, userId, sessionId))) {
      throw new AppError('NOT_FOUND', tr('session.notFound', 'No such session: it may have ended already.'));
    }
    await recordAudit(trx, {
      actorId: userId,
      action: 'session.revoke',
      entityType: 'user',
      entityId: userId,
      before: null,
      after: { reason: 'signed_out_device', sessionId, sessionsEnded: 1 },
    });
  });
  return { ok: true };
}

/** Ends every session of the user but the one this request came with (audited when any ended). */
export async function revokeOtherOwnSessions(
  db: Database,
  userId: string,
  currentToken: string | null,
): Promise<{ ended: number }> {
  if (!currentToken) throw new AppError('UNAUTHENTICATED', tr('auth.signInRequired', 'Please sign in to continue.'));
  const keep = hashToken(currentToken);
  const ended = await db.transaction().execute(async (trx) => {
    const n = await deleteOtherSessionsOfUser(trx, userId, keep);
    if (n > 0) {
      await recordAudit(trx, {
        actorId: userId,
        action: 'session.revoke',
        entityType: 'user',
        entityId: userId,
        before: null,
        after: { reason: 'signed_out_others', sessionsEnded: n },
      });
    }
    return n;
  });
  return { ended };
}

/**
 * Ends every session of one user (role change, disabled account, promotion) and, when there were any,
 * records a `session.revoke` audit row (`keepToken`: that one session stays, e.g. the one changing the password) with the reason and the count. Call it inside the transaction
 * that made the change. Returns how many ended.
 */
export async function endSessionsOfUser(
  db: Database,
  userId: string,
  why: { actorId: string | null; reason: RevokeReason; keepToken?: string | null },
): Promise<number> {
  const ended = why.keepToken
    ? await deleteSessionsOfUserExcept(db, userId, hashToken(why.keepToken))
    : await deleteSessionsOfUser(db, userId);
  if (ended > 0) {
    await recordAudit(db, {
      actorId: why.actorId,
      action: 'session.revoke',
      entityType: 'user',
      entityId: userId,
      before: null,
      after: { reason: why.reason, sessionsEnded: ended },
    });
  }
  return ended;
}

/** Housekeeping: drops every session that is over at the clock's now; returns how many. */
export async function deleteExpiredSessions(deps: SessionDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const cutoffs = (role: Role) => {
    const { idleMs, maxMs } = sessionLimits(deps.config, role);
    return { startedBy: new Date(now - maxMs), seenBy: new Date(now - idleMs) };
  };
  return deleteSessionsExpiredBy(deps.db, { user: cutoffs('user'), admin: cutoffs('admin') });
}

/** How often the purge runs. Lookups refuse an ended session anyway: the purge only keeps the table small. */
export const SESSION_PURGE_INTERVAL_MS = 10 * 60_000;

export interface SessionPurge {
  stop(): Promise<void>;
}

/** The `session-purge` job: purges ended sessions now and every SESSION_PURGE_INTERVAL_MS. */
export function startSessionPurge(deps: SessionDeps & Pick<AppDeps, 'log'>, jobs?: JobRunner): SessionPurge {
  const job = runnerFor(deps, jobs).add({
    name: 'session-purge',
    everyMs: SESSION_PURGE_INTERVAL_MS,
    async tick() {
      const n = await deleteExpiredSessions(deps);
      if (n > 0) deps.log.info({ sessions: n }, `session purge: removed ${n} ended session(s)`);
    },
  });
  return { stop: () => job.stop() };
}
