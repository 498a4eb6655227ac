import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The user's largest confirmed deposit, paid withdrawal and investment, in cents (0 when none). */
export async function largestSettledTransactions(
  db: Kysely<DB>,
  userId: string,
): Promise<{ depositCents: number; withdrawalCents: number; investmentCents: number; tradeCents: number }> {
  const [deposit, withdrawal, investment, trade] = await Promise.all([
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
    db
      .selectFrom('investments')
      .select((eb) => eb.fn.max<number | null>('amount_cents').as('max'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    // #30: a trade's dollar value before spread and fee.
    db
      .selectFrom('trades')
      .select((eb) => eb.fn.max<string | null>('usd_gross_cents').as('max'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    depositCents: Number(deposit.max ?? 0),
    withdrawalCents: Number(withdrawal.max ?? 0),
    investmentCents: Number(investment.max ?? 0),
    tradeCents: Number(trade.max ?? 0),
  };
}
