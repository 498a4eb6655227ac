import type { Kysely } from 'kysely';
import type { AccountTokenPurpose, DB } from '../../db/schema.ts';

type Executor = Kysely<DB>;

/** Stores a link's token by its hash. */
export async function insertAccountToken(
  db: Executor,
  t: { id: string; userId: string; purpose: AccountTokenPurpose; tokenHash: string; email: string | null },
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      id: t.id,
      user_id: t.userId,
      purpose: t.purpose,
      token_hash: t.tokenHash,
      email: t.email,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute();
}

/**
 * Uses a token: one guarded UPDATE sets `used_at` only while it is unused and unexpired, so of two racing
 * requests exactly one gets the row back. Undefined when the token is unknown, used, expired or for another purpose.
 */
export function useAccountToken(
  db: Executor,
  tokenHash: string,
  purposes: readonly AccountTokenPurpose[],
  now: Date,
): Promise<{ user_id: string; purpose: AccountTokenPurpose; email: string | null } | undefined> {
  return db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'purpose', 'email'])
    .executeTakeFirst();
}

/** A token's state, to say why it could not be used. */
export function findAccountToken(
  db: Executor,
  tokenHash: string,
): Promise<{ purpose: AccountTokenPurpose; used_at: Date | string | null; expires_at: Date | string } | undefined> {
  return db
    .selectFrom('account_tokens')
    .select(['purpose', 'used_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Retires every unused token of one purpose of a user (a newer link replaces them). */
export async function retireAccountTokens(
  db: Executor,
  userId: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** How many tokens of a purpose a user was sent since `since`. */
export async function countAccountTokensSince(
  db: Executor,
  userId: string,
  purpose: AccountTokenPurpose,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Retires every unused token of a user, whatever its purpose (reset, email change, verification): after a
 * password change or reset, an email change or turning two-factor on, no link sent before still works.
 */
export async function retireAllAccountTokens(db: Executor, userId: string, now: Date): Promise<number> {
  const rows = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}
