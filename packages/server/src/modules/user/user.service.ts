import type { TLoginInput, TSignupInput, TUser } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyHashPromise, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { SessionCookies } from '../../deps.ts';
import { createSession, deleteSession } from '../session/session.service.ts';
import { EMAIL_TAKEN_MESSAGE, insertAccount } from './user.create.ts';
import { toPublicUser } from './user.mapper.ts';
import { findCredentialsByEmail, findUserById, findUserIdByReferralCode, listUsers } from './user.repo.ts';

export const BAD_CREDENTIALS_MESSAGE = 'Email or password is incorrect.';

/** Self sign-up: always a plain user, whatever accountType the request carries; `ref` records the referrer. */
export async function signup(db: Database, input: TSignupInput): Promise<TUser> {
  if (await findCredentialsByEmail(db, input.email)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
  let referredBy: string | null = null;
  if (input.ref) {
    const referrer = await findUserIdByReferralCode(db, input.ref);
    if (!referrer) {
      throw new AppError(
        'BAD_INPUT',
        `The referral code "${input.ref}" does not belong to any account. Check the invitation link, or sign up without it.`,
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
  });
  return toPublicUser(row);
}

/**
 * Checks the password and starts a session. An unknown email costs the same argon2 verification as a
 * wrong password and gets the same answer, so neither timing nor text tells which one was wrong.
 * A session the browser already had is ended: each login gets a fresh token.
 */
export async function login(
  db: Database,
  input: TLoginInput,
  session: { ttlHours: number; previousToken: string | null; cookies: SessionCookies },
): Promise<TUser> {
  const creds = await findCredentialsByEmail(db, input.email);
  const ok = await verifyPassword(creds?.password_hash ?? (await dummyHashPromise), input.password);
  if (!creds || !ok) throw new AppError('INVALID_CREDENTIALS', BAD_CREDENTIALS_MESSAGE);
  const user = await findUserById(db, creds.id);
  if (!user) throw new AppError('INVALID_CREDENTIALS', BAD_CREDENTIALS_MESSAGE);
  if (session.previousToken) await deleteSession(db, session.previousToken);
  const { token, expiresAt } = await createSession(db, user.id, session.ttlHours);
  session.cookies.set(token, expiresAt);
  return toPublicUser(user);
}

/** Ends the session server-side (the old cookie stops working) and clears the cookie. */
export async function logout(
  db: Database,
  sessionToken: string | null,
  cookies: SessionCookies,
): Promise<{ ok: true }> {
  if (sessionToken) await deleteSession(db, sessionToken);
  cookies.clear();
  return { ok: true };
}

/** Every user, for the admin's user management. */
export async function listAllUsers(db: Database): Promise<TUser[]> {
  return (await listUsers(db)).map(toPublicUser);
}
