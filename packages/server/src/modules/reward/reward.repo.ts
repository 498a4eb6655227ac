import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The user's largest confirmed deposit, paid withdrawal, investment and trade, in cents (0 when none). */
export async function largestSettledTransactions(
  db: Kysely<DB>,
  userId: string,
): Promise<{ depositCents: number; withdrawalCents: number; investmentCents: number; tradeCents: number }> {
  const [deposit, withdrawal, investment, trade] = await Promise.all([
    // A Bitcoin deposit credited as BTC (#30) counts at its dollar value when credited, when a price was fresh.
    db
      .selectFrom('deposits')
      .leftJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
      .select(sql<number | null>`max(greatest(deposits.amount_cents, coalesce(b.value_cents, 0)))`.as('max'))
      .where('deposits.user_id', '=', userId)
      .where('deposits.status', '=', 'confirmed')
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
