import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB>;

export interface TwoFactorState {
  email: string;
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
}

/** A user's two-factor columns (the secrets still encrypted). */
export async function findTwoFactorState(db: Executor, userId: string): Promise<TwoFactorState | undefined> {
  const row = await db
    .selectFrom('users')
    .select([
      'email',
      'two_factor_secret',
      'two_factor_pending_secret',
      'two_factor_enabled_at',
      'two_factor_last_step',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    email: row.email,
    secret: row.two_factor_secret,
    pendingSecret: row.two_factor_pending_secret,
    enabledAt: row.two_factor_enabled_at === null ? null : new Date(row.two_factor_enabled_at),
    lastStep: row.two_factor_last_step === null ? null : Number(row.two_factor_last_step),
  };
}

/** Keeps the secret being enrolled; false when two-factor is already on. */
export async function setPendingSecret(db: Executor, userId: string, encrypted: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ two_factor_pending_secret: encrypted })
    .where('id', '=', userId)
    .where('two_factor_enabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Turns two-factor on with the pending secret the code was checked against; false when that secret is no
 * longer the pending one (a second `begin` meanwhile) or two-factor is already on.
 */
export async function activatePendingSecret(
  db: Executor,
  userId: string,
  pendingEncrypted: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({
      two_factor_secret: pendingEncrypted,
      two_factor_pending_secret: null,
      two_factor_enabled_at: now,
      two_factor_last_step: step,
    })
    .where('id', '=', userId)
    .where('two_factor_pending_secret', '=', pendingEncrypted)
    .where('two_factor_enabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records `step` as the last accepted TOTP step if it is later than the last one: one conditional UPDATE, so
 * of two requests racing with the same code exactly one gets true (the second waits on the row lock, then
 * sees the new step). False: the code of this step (or a later one) was already used.
 */
export async function acceptTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where('two_factor_enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks an unused recovery code used; false when it does not exist or is used (also by a racing request). */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces every recovery code of a user with these (hashes only). */
export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((h) => ({ id: randomUUID(), user_id: userId, code_hash: h, created_at: now })))
    .execute();
}

/** Unused recovery codes left. */
export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Turns two-factor off: secrets, last step and recovery codes gone. False when it was already off. */
export async function clearTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({
      two_factor_secret: null,
      two_factor_pending_secret: null,
      two_factor_enabled_at: null,
      two_factor_last_step: null,
    })
    .where('id', '=', userId)
    .where('two_factor_enabled_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  return row !== undefined;
}

/** Wrong sign-in codes since the last right one, and until when sign-in is paused (null: not paused). */
export async function findSignInPause(
  db: Executor,
  userId: string,
): Promise<{ failures: number; pausedUntil: Date | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['two_factor_failures', 'two_factor_paused_until'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    failures: Number(row.two_factor_failures),
    pausedUntil: row.two_factor_paused_until === null ? null : new Date(row.two_factor_paused_until),
  };
}

/** Counts one wrong sign-in code (one atomic UPDATE: racing attempts all count); returns the new count. */
export async function countWrongSignInCode(db: Executor, userId: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ two_factor_failures: eb('two_factor_failures', '+', 1) }))
    .where('id', '=', userId)
    .returning('two_factor_failures')
    .executeTakeFirst();
  return row ? Number(row.two_factor_failures) : 0;
}

/** Pauses sign-in of a user until `until`. */
export async function pauseSignIn(db: Executor, userId: string, until: Date): Promise<void> {
  await db.updateTable('users').set({ two_factor_paused_until: until }).where('id', '=', userId).execute();
}

/** A right code: the count of wrong ones starts again (no write when there were none). */
export async function clearWrongSignInCodes(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_failures: 0, two_factor_paused_until: null })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_failures', '>', 0), eb('two_factor_paused_until', 'is not', null)]))
    .execute();
}
