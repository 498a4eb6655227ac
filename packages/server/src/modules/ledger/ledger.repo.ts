import { type Kysely, sql } from 'kysely';
import { newestFirstPage } from '../../db/page-query.ts';
import type { DB, LedgerEntryRow, LedgerKind } from '../../db/schema.ts';

/** A ledger entry with its owner's email (the page shows it to admins). */
export type LedgerEntryView = LedgerEntryRow & { user_email: string };

/** Newest first, `limit + 1` rows (the extra one tells there is a next page). */
export async function listLedgerEntries(
  db: Kysely<DB>,
  filter: { userId?: string; kind?: LedgerKind; beforeSeq?: number; limit: number },
): Promise<LedgerEntryView[]> {
  const q = db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select('u.email as user_email');
  return newestFirstPage(q, 'l', { user_id: filter.userId, kind: filter.kind }, filter).execute();
}

export interface LedgerCheck {
  checkedUsers: number;
  mismatches: { userId: string; balanceCents: number; ledgerSumCents: number }[];
  platform: PlatformSums;
}

/**
 * The invariant for every user, in SQL: balance = sum of the user's ledger entries. Both reads share one
 * REPEATABLE READ snapshot, so money moving meanwhile cannot show up as a false mismatch.
 */
export async function checkLedgerInvariant(db: Kysely<DB>): Promise<LedgerCheck> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { count } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const rows = await sql<{ user_id: string; balance_cents: number; ledger_sum_cents: number }>`
        select u.id as user_id, u.balance_cents, coalesce(s.total, 0)::bigint as ledger_sum_cents
        from users u
        left join (select user_id, sum(amount_cents) as total from ledger_entries group by user_id) s on s.user_id = u.id
        where u.balance_cents <> coalesce(s.total, 0)
        order by u.id`.execute(trx);
      return {
        platform: await platformSums(trx),
        checkedUsers: Number(count),
        mismatches: rows.rows.map((r) => ({
          userId: r.user_id,
          balanceCents: Number(r.balance_cents),
          ledgerSumCents: Number(r.ledger_sum_cents),
        })),
      };
    });
}

/** The sums the platform check compares, in cents, read in one snapshot. */
export interface PlatformSums {
  balances: number;
  openPrincipal: number;
  heldForWithdrawals: number;
  confirmedDeposits: number;
  paidWithdrawals: number;
  interestPaid: number;
  referralRewardsPaid: number;
  adjustments: number;
}

/**
 * Where every cent on the platform came from and where it is, each side from its own tables: user balances,
 * open principal and funds held for pending withdrawals, against confirmed deposits, paid withdrawals, the
 * platform's own payments (interest, referral rewards) and admin adjustments.
 */
export async function platformSums(db: Kysely<DB>): Promise<PlatformSums> {
  const r = await sql<Record<keyof PlatformSums, string | number>>`
    select
      (select coalesce(sum(balance_cents), 0) from users) as "balances",
      (select coalesce(sum(amount_cents), 0) from investments where status = 'active') as "openPrincipal",
      (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'pending') as "heldForWithdrawals",
      (select coalesce(sum(amount_cents), 0) from deposits where status = 'confirmed') as "confirmedDeposits",
      (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'paid') as "paidWithdrawals",
      (select coalesce(sum(amount_cents), 0) from platform_ledger where kind = 'interest') as "interestPaid",
      (select coalesce(sum(amount_cents), 0) from platform_ledger where kind = 'referral_reward') as "referralRewardsPaid",
      (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'adjustment') as "adjustments"
  `.execute(db);
  const row = r.rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as PlatformSums;
}
