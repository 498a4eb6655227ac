import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The user's largest confirmed deposit and largest paid withdrawal, in cents (0 when none). */
export async function largestSettledTransactions(
  db: Kysely<DB>,
  userId: string,
): Promise<{ depositCents: number; withdrawalCents: number }> {
  const [deposit, withdrawal] = await Promise.all([
    db
      .selectFrom('deposits')
      .select((eb) => eb.fn.max<number | null>('amount_cents').as('max'))
      .where('user_id', '=', userId)
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.max<number | null>('amount_cents').as('max'))
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow(),
  ]);
  return { depositCents: Number(deposit.max ?? 0), withdrawalCents: Number(withdrawal.max ?? 0) };
}
