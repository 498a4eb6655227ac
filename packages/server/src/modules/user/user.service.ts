import {
  type TLoginInput,
  tr,
  type TSignupInput,
  type TUser,
  type TUserListInput,
  TWO_FACTOR_REQUIRED,
} from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyHashPromise, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AppDeps, SessionCookies } from '../../deps.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import {
  createSession,
  deleteSession,
  noteSignInDevice,
  sessionEndsAt,
  type SessionOrigin,
} from '../session/session.service.ts';
import { assertSignInNotPaused, forgetWrongSignInCodes, noteWrongSignInCode } from '../twofactor/twofactor.pause.ts';
import { checkSecondFactor, WRONG_OTP_MESSAGE } from '../twofactor/twofactor.service.ts';
import { EMAIL_TAKEN_MESSAGE, insertAccount } from './user.create.ts';
import { toPublicUser } from './user.mapper.ts';
import { sendAccountLink } from './user.tokens.ts';
import { DEFAULT_PAGE_SIZE, type Page, parseSeqCursor, toPage } from '../../lib/paging.ts';
import { findCredentialsByEmail, findUserById, findUserIdByReferralCode, listUsersPage } from './user.repo.ts';

export const BAD_CREDENTIALS_MESSAGE = tr('auth.badCredentials', 'Email or password is incorrect.');

/**
 * Self sign-up: always a plain user, whatever accountType the request carries; `ref` records the referrer.
 * A verification link (48 h, single use) is queued for the new address.
 */
export async function signup(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>, input: TSignupInput): Promise<TUser> {
  const { db } = deps;
  if (await findCredentialsByEmail(db, input.email)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
  let referredBy: string | null = null;
  if (input.ref) {
    const referrer = await findUserIdByReferralCode(db, input.ref);
    if (!referrer) {
      throw new AppError(
        'BAD_INPUT',
        tr(
          'signup.unknownReferral',
          'The referral code "{code}" does not belong to any account. Check the invitation link, or sign up without it.',
          { code: input.ref },
        ),
      );
    }
    referredBy = referrer.id;
  }
  const row = await insertAccount(db, {
    firstName: input.firstName,
    lastName: input.lastName,
    country: input.country,
    city: input.city,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    accountType: 'user',
    referredBy,
    locale: input.locale,
  });
  // insertAccount must run outside a transaction (its retry on a code collision); the link and its mail share one.
  const now = deps.clock.now();
  await db
    .transaction()
    .execute((trx) => sendAccountLink(trx, deps, { user: row, purpose: 'verify_email', to: row.email, now }));
  return toPublicUser(row);
}

export const ACCOUNT_DISABLED_MESSAGE = tr('auth.accountDisabled', 'This account has been disabled. Contact support.');

type LoginDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/**
 * Checks the password and starts a session. An unknown email costs the same argon2 verification as a
 * wrong password and gets the same answer, so neither timing nor text tells which one was wrong; a
 * disabled account says so only to someone who knows its password. A session the browser already had is
 * ended: each login gets a fresh token. Success and failure are both in the audit log (the email
 * attempted, never the password).
 */
export async function login(
  deps: LoginDeps,
  input: TLoginInput,
  session: { previousToken: string | null; cookies: SessionCookies; origin?: SessionOrigin },
): Promise<TUser> {
  const { db } = deps;
  const creds = await findCredentialsByEmail(db, input.email);
  const ok = await verifyPassword(creds?.password_hash ?? (await dummyHashPromise), input.password);
  const user = creds && ok ? await findUserById(db, creds.id) : undefined;
  if (!creds || !user) {
    await recordAudit(db, {
      actorId: null,
      action: 'auth.sign_in_failed',
      entityType: 'user',
      entityId: creds?.id ?? null,
      before: null,
      after: { email: input.email, reason: creds ? 'wrong_password' : 'unknown_email' },
    });
    throw new AppError('INVALID_CREDENTIALS', BAD_CREDENTIALS_MESSAGE);
  }
  if (user.disabled_at !== null) {
    await recordAudit(db, {
      actorId: null,
      action: 'auth.sign_in_failed',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { email: input.email, reason: 'account_disabled' },
    });
    throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
  }
  const twoFactor = user.two_factor_enabled_at !== null;
  const otp = input.otp;
  if (twoFactor && otp === undefined) {
    // Right password, no code yet: no session, and an answer the sign-in page turns into its second step.
    throw new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
  }
  const now = deps.clock.now();
  // After too many wrong codes sign-in pauses: even the right code waits (see twofactor.pause.ts).
  if (twoFactor) await assertSignInNotPaused(db, user.id, now);
  const started = await db.transaction().execute(async (trx) => {
    // The code is used up in the transaction that starts the session: a recovery code two sign-ins race with
    // starts exactly one session (the second's conditional UPDATE finds it used and the whole attempt ends).
    if (twoFactor && !(otp !== undefined && (await checkSecondFactor(deps, trx, user.id, otp, { recovery: true })))) {
      return null;
    }
    if (twoFactor) await forgetWrongSignInCodes(trx, user.id);
    if (session.previousToken) await deleteSession(trx, session.previousToken);
    const fresh = await createSession(trx, user.id, now, session.origin);
    if (session.origin) await noteSignInDevice({ db: trx, config: deps.config }, user, session.origin, now);
    await recordAudit(trx, {
      actorId: user.id,
      action: 'auth.sign_in',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { email: user.email, accountType: user.account_type },
    });
    return fresh;
  });
  if (!started) {
    await recordAudit(db, {
      actorId: null,
      action: 'auth.sign_in_failed',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { email: input.email, reason: 'wrong_otp' },
    });
    await noteWrongSignInCode(deps, user, now);
    throw new AppError('INVALID_CREDENTIALS', WRONG_OTP_MESSAGE);
  }
  const { token } = started;
  session.cookies.set(token, sessionEndsAt(deps.config, user.account_type, now, now));
  return toPublicUser(user);
}

/** Ends the session server-side (the old cookie stops working), clears the cookie, and notes it in the audit log. */
export async function logout(
  db: Database,
  actor: { userId: string; sessionToken: string | null },
  cookies: SessionCookies,
): Promise<{ ok: true }> {
  const { sessionToken } = actor;
  if (sessionToken) {
    await db.transaction().execute(async (trx) => {
      await deleteSession(trx, sessionToken);
      await recordAudit(trx, {
        actorId: actor.userId,
        action: 'auth.sign_out',
        entityType: 'user',
        entityId: actor.userId,
        before: null,
        after: null,
      });
    });
  }
  cookies.clear();
  return { ok: true };
}

/** One page of users for the admin's user management: newest first, a prefix search, or given ids. */
export async function listUsers(db: Database, input: TUserListInput): Promise<Page<TUser>> {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listUsersPage(db, {
    search: input.search || undefined,
    ids: input.ids,
    order: input.order ?? 'newest',
    afterSeq: parseSeqCursor(input.cursor),
    limit,
  });
  return toPage(rows, limit, toPublicUser);
}
