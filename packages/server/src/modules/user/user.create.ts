import { type TLocale, tr } from '@vestora/contract';
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import { insertUser, type PublicUserRow } from './user.repo.ts';

// No 0/O, 1/I/L: codes are read aloud and typed from paper.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const MAX_CODE_ATTEMPTS = 5;

export const EMAIL_TAKEN_MESSAGE = tr('user.emailTaken', 'An account with this email already exists.');

/** A fresh random referral code, e.g. "K7M2QX9D" (31^8 ≈ 8.5e11 possibilities). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Which unique constraint a 23505 error broke (pg and PGlite both report it). */
function violatedConstraint(err: unknown): string {
  const e = err as { constraint?: unknown; message?: unknown };
  return `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  country: string;
  city: string;
  email: string;
  passwordHash: string;
  accountType: 'user' | 'admin';
  referredBy: string | null;
  /** The language saved on the account (#22); default `en`. */
  locale?: TLocale | undefined;
}

/**
 * Inserts a new account with a unique referral code. A code collision retries with a new code; an email
 * that another request took meanwhile (unique violation race) becomes the same 409 as the pre-check.
 * Call it outside a transaction: after a failed statement PostgreSQL refuses the retry inside one.
 */
export async function insertAccount(
  db: Kysely<DB>,
  a: NewAccount,
  nextCode: () => string = newReferralCode,
): Promise<PublicUserRow> {
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    try {
      return await insertUser(db, {
        id: randomUUID(),
        first_name: a.firstName,
        last_name: a.lastName,
        country: a.country,
        city: a.city,
        email: a.email.toLowerCase(),
        password_hash: a.passwordHash,
        account_type: a.accountType,
        referral_code: nextCode(),
        referred_by: a.referredBy,
        ...(a.locale ? { locale: a.locale } : {}),
      });
    } catch (err) {
      if (pgErrorCode(err) !== '23505') throw err;
      if (violatedConstraint(err).includes('referral_code')) continue;
      throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { cause: err });
    }
  }
  throw new Error(`could not find a free referral code in ${MAX_CODE_ATTEMPTS} attempts`);
}
