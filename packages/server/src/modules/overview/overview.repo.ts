import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Counts the home page shows visitors: members only (administrators' accounts and positions are not counted). */
export async function publicCounts(
  db: Kysely<DB>,
): Promise<{ accounts: number; investors: number; investedCents: number }> {
  const r = await sql<{ accounts: string; investors: string; invested: string }>`
    select
      (select count(*) from users where account_type = 'user') as accounts,
      (select count(distinct i.user_id) from investments i join users u on u.id = i.user_id
        where i.status = 'active' and u.account_type = 'user') as investors,
      (select coalesce(sum(i.amount_cents), 0) from investments i join users u on u.id = i.user_id
        where i.status = 'active' and u.account_type = 'user') as invested
  `.execute(db);
  const row = r.rows[0]!;
  return { accounts: Number(row.accounts), investors: Number(row.investors), investedCents: Number(row.invested) };
}

/** The user count and the pending queues of the money desk (index-only reads: cheap at any size). */
export async function deskCounts(db: Kysely<DB>) {
  const r = await sql<Record<string, string>>`
    select
      (select count(*) from users) as users,
      (select count(*) from deposits where status = 'pending') as pending_deposits,
      (select coalesce(sum(amount_cents), 0) from deposits where status = 'pending') as pending_deposits_cents,
      (select count(*) from withdrawals where status = 'pending') as pending_withdrawals,
      (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'pending') as pending_withdrawals_cents,
      (select count(*) from contact_messages where read_at is null) as unread_messages,
      (select count(*) from users where account_type = 'admin' and disabled_at is null) as active_admins
  `.execute(db);
  const row = r.rows[0]!;
  return {
    users: Number(row.users),
    unreadMessages: Number(row.unread_messages),
    activeAdmins: Number(row.active_admins),
    pendingDeposits: { count: Number(row.pending_deposits), cents: Number(row.pending_deposits_cents) },
    pendingWithdrawals: { count: Number(row.pending_withdrawals), cents: Number(row.pending_withdrawals_cents) },
  };
}

/** Every member's USD balance added up, in cents (their available money in the journal). */
export async function balancesHeldCents(db: Kysely<DB>): Promise<number> {
  const r = await sql<{ cents: string | number }>`
    select coalesce(sum(balance), 0) as cents from ledger_accounts where kind = 'available' and asset = 'USD'`.execute(
    db,
  );
  return Number(r.rows[0]!.cents);
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

/**
 * Interest the active positions will pay on their periods due before `until` (overdue ones included), in
 * cents, computed in SQL exactly as the schedule does (investment.schedule.ts: period k pays
 * floor(p × bps × k·m / 120000) − floor(p × bps × (k−1)·m / 120000); due k·m calendar months after the start,
 * in UTC, clamped to the month's end, which is what timestamp + interval does). Only the few periods that can
 * fall before `until` are generated (due dates are at least 28 days × m apart), so a hundred thousand
 * positions cost one pass over the due index, not their whole schedules in JavaScript.
 */
export async function interestDueBefore(db: Kysely<DB>, until: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Per-row arithmetic over every active position: PostgreSQL's JIT would compile for longer than it runs.
    await sql`set local jit = off`.execute(trx);
    return interestDueQuery(trx, until);
  });
}

async function interestDueQuery(db: Kysely<DB>, until: Date): Promise<number> {
  const r = await sql<{ cents: string | number }>`
    with due as (
      select i.amount_cents::numeric * i.annual_rate_bps as rate_cents, i.started_at, i.paid_periods, i.next_due_at,
        coalesce(case i.payout_frequency when 'monthly' then 1 when 'quarterly' then 3
          when 'semi_annually' then 6 when 'yearly' then 12 end, i.term_months) as m,
        i.term_months
      from investments i
      where i.status = 'active' and i.next_due_at < ${until}
    )
    select coalesce(sum(div(d.rate_cents * k * d.m, 120000) - div(d.rate_cents * (k - 1) * d.m, 120000)), 0) as cents
    from due d
    cross join lateral generate_series(
      d.paid_periods + 1,
      least(d.term_months / d.m,
        d.paid_periods + 1 + floor(extract(epoch from (${until}::timestamptz - d.next_due_at)) / (2419200 * d.m))::int)
    ) as k
    where ((d.started_at at time zone 'UTC') + make_interval(months => k * d.m)) at time zone 'UTC' < ${until}`.execute(
    db,
  );
  return Number(r.rows[0]!.cents);
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

/** A user's balance, open principal and interest received so far, from their row and their positions. */
export async function portfolioTotals(
  db: Kysely<DB>,
  userId: string,
): Promise<{ balanceCents: number; investedCents: number; interestCents: number }> {
  const r = await sql<{ balance: string | number; invested: string | number; interest: string | number }>`
    select (select balance from ledger_accounts a where a.user_id = u.id and a.kind = 'available' and a.asset = 'USD') as balance,
      (select coalesce(sum(amount_cents), 0) from investments where user_id = u.id and status = 'active') as invested,
      (select coalesce(sum(interest_paid_cents), 0) from investments where user_id = u.id) as interest
    from users u where u.id = ${userId}`.execute(db);
  const row = r.rows[0];
  return {
    balanceCents: Number(row?.balance ?? 0),
    investedCents: Number(row?.invested ?? 0),
    interestCents: Number(row?.interest ?? 0),
  };
}
