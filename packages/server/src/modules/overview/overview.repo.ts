import { type Kysely, sql } from 'kysely';
import type { DB, InvestmentRow } from '../../db/schema.ts';

/** Counts the home page shows visitors. */
export async function publicCounts(
  db: Kysely<DB>,
): Promise<{ accounts: number; investors: number; investedCents: number }> {
  const r = await sql<{ accounts: string; investors: string; invested: string }>`
    select
      (select count(*) from users) as accounts,
      (select count(distinct user_id) from investments where status = 'active') as investors,
      (select coalesce(sum(amount_cents), 0) from investments where status = 'active') as invested
  `.execute(db);
  const row = r.rows[0]!;
  return { accounts: Number(row.accounts), investors: Number(row.investors), investedCents: Number(row.invested) };
}

/** Users, balances held, and the pending queues of the money desk. */
export async function deskCounts(db: Kysely<DB>) {
  const r = await sql<Record<string, string>>`
    select
      (select count(*) from users) as users,
      (select coalesce(sum(balance_cents), 0) from users) as balances,
      (select count(*) from deposits where status = 'pending') as pending_deposits,
      (select coalesce(sum(amount_cents), 0) from deposits where status = 'pending') as pending_deposits_cents,
      (select count(*) from withdrawals where status = 'pending') as pending_withdrawals,
      (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'pending') as pending_withdrawals_cents
  `.execute(db);
  const row = r.rows[0]!;
  return {
    users: Number(row.users),
    balancesCents: Number(row.balances),
    pendingDeposits: { count: Number(row.pending_deposits), cents: Number(row.pending_deposits_cents) },
    pendingWithdrawals: { count: Number(row.pending_withdrawals), cents: Number(row.pending_withdrawals_cents) },
  };
}

/** Open principal per plan (plans with none included, archived ones only when they still hold some). */
export function principalByPlan(db: Kysely<DB>) {
  return db
    .selectFrom('plans as p')
    .leftJoin('investments as i', (j) => j.onRef('i.plan_id', '=', 'p.id').on('i.status', '=', 'active'))
    .select((eb) => [
      'p.id',
      'p.investment_plan_name',
      'p.status',
      'p.created_at',
      eb.fn.coalesce(eb.fn.sum<number>('i.amount_cents'), sql<number>`0`).as('principal_cents'),
      eb.fn.count<number>('i.id').as('positions'),
    ])
    .groupBy(['p.id', 'p.investment_plan_name', 'p.status', 'p.created_at'])
    .orderBy('p.created_at')
    .execute();
}

/** Active positions with a period due before `until` (their schedules say how much). */
export function positionsDueBefore(db: Kysely<DB>, until: Date): Promise<InvestmentRow[]> {
  return db
    .selectFrom('investments')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_due_at', '<', until)
    .execute();
}

/** One user's ledger, oldest first, with only what a portfolio chart needs. */
export function ledgerSeries(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_cents', 'balance_after_cents', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}
