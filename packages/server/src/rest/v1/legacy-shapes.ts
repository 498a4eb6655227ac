import type { TAccount, TPlan, TUser } from '@vestora/contract';
import { AppError } from '../../lib/errors.ts';

/** Legacy callers know `_id` and `__v` where tRPC says `id` and `version`. */
export const LEGACY_FIELD_NAMES = { id: '_id', version: '__v' };

export type LegacyUser = Omit<TUser, 'id' | 'version'> & { _id: string; __v: number };
export type LegacyPlan = Omit<TPlan, 'id' | 'version'> & { _id: string; __v: number };
export type LegacyAccount = Omit<TAccount, 'id'> & { _id: string };

export function toLegacyUser({ id, version, ...rest }: TUser): LegacyUser {
  return { _id: id, ...rest, __v: version };
}

export function toLegacyPlan({ id, version, ...rest }: TPlan): LegacyPlan {
  return { _id: id, ...rest, __v: version };
}

export function toLegacyAccount({ id, ...rest }: TAccount): LegacyAccount {
  return { _id: id, ...rest };
}

/**
 * A legacy request body in tRPC terms: `_id` → `id`, `__v` → `version`, and the read-only fields an edit
 * screen echoes back (createdAt, ...) dropped. Anything else passes through, so the strict schema still
 * refuses real unknown keys with a 400.
 */
export function fromLegacyBody(
  body: Record<string, unknown>,
  readOnly: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (readOnly.includes(key)) continue;
    if (key === '_id' && body.id === undefined) out.id = value;
    else if (key === '__v' && body.version === undefined) out.version = value;
    else out[key] = value;
  }
  return out;
}

/** Fields of a user that a full edited user object carries but that an edit cannot change. */
export const USER_READ_ONLY_ECHOES = ['createdAt', 'updatedAt', 'referralCode', 'referralLink', 'referredBy'] as const;

/** Refuses a password in a user edit: passwords are never changed through user update. */
export function refusePasswordField(body: Record<string, unknown>): void {
  if ('password' in body) {
    throw new AppError(
      'BAD_INPUT',
      'A password cannot be changed through user update. Remove the password field and send the request again.',
    );
  }
}
