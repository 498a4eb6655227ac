import { type Kysely, sql } from 'kysely';
import { newestFirstPage } from '../../db/page-query.ts';
import type { DB, LedgerEntryRow, LedgerKind } from '../../db/schema.ts';

/**
 * A ledger entry with its owner's email (the page shows it to admins) and, for a withdrawal's entries, when
 * the withdrawal was paid out (the payment moves no balance, so it has no entry of its own: the history shows
 * it on the hold).
 */
export type LedgerEntryView = LedgerEntryRow & { user_email: string; withdrawal_paid_at: Date | null };

/** Newest first, `limit + 1` rows (the extra one tells there is a next page). */
export async function listLedgerEntries(
  db: Kysely<DB>,
  filter: { userId?: string; kind?: LedgerKind; beforeSeq?: number; limit: number },
): Promise<LedgerEntryView[]> {
  const q = db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('withdrawals as w', (j) =>
      j.onRef('w.id', '=', 'l.ref_id').on('l.ref_type', '=', 'withdrawal').on('w.status', '=', 'paid'),
    )
    .selectAll('l')
    // A crypto payout was paid when the chain confirmed it (#34), not when it was sent.
    .select((eb) => [
      'u.email as user_email',
      eb.fn.coalesce('w.payout_confirmed_at', 'w.reviewed_at').as('withdrawal_paid_at'),
    ]);
  return newestFirstPage(q, 'l', { user_id: filter.userId, kind: filter.kind }, filter).execute();
}

export interface LedgerCheck {
  checkedUsers: number;
  /** How many users' balances differ from their ledger (all of them, even past the listed ones). */
  mismatchCount: number;
  /** The first MAX_LISTED_MISMATCHES of them, by user id. */
  mismatches: { userId: string; balanceCents: number; ledgerSumCents: number }[];
  platform: PlatformSums;
}

/** Most mismatches one check lists (a broken migration could make every user one). */
export const MAX_LISTED_MISMATCHES = 1000;

/**
 * The invariant for every user, in SQL: balance = sum of the user's ledger entries. One pass over the ledger
 * (one hash aggregate by user, joined to users) answers both the count of users checked and the mismatches;
 * the platform sums read the other tables (and the adjustments through their kind index). Everything shares
 * one REPEATABLE READ snapshot, so money moving meanwhile cannot show up as a false mismatch.
 */
export async function checkLedgerInvariant(db: Kysely<DB>): Promise<LedgerCheck> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // A one-pass aggregate over a million rows is where PostgreSQL's JIT compiles for longer than it runs.
      await sql`set local jit = off`.execute(trx);
      const r = await sql<{ checked_users: number; mismatch_count: number; mismatches: string | null }>`
        with checked as (
          select u.id, u.balance_cents, coalesce(s.total, 0)::bigint as ledger_sum_cents
          from users u
          left join (select user_id, sum(amount_cents) as total from ledger_entries group by user_id) s
            on s.user_id = u.id
        ), off as (
          select id, balance_cents, ledger_sum_cents from checked where balance_cents <> ledger_sum_cents
        )
        select
          (select count(*) from checked)::int as checked_users,
          (select count(*) from off)::int as mismatch_count,
          (select json_agg(json_build_object('userId', id, 'balanceCents', balance_cents,
              'ledgerSumCents', ledger_sum_cents) order by id)::text
            from (select * from off order by id limit ${MAX_LISTED_MISMATCHES}) listed) as mismatches`.execute(trx);
      const row = r.rows[0]!;
      const listed = row.mismatches
        ? (JSON.parse(row.mismatches) as {
            userId: string;
            balanceCents: number | string;
            ledgerSumCents: number | string;
          }[])
        : [];
      return {
        platform: await platformSums(trx),
        checkedUsers: Number(row.checked_users),
        mismatchCount: Number(row.mismatch_count),
        mismatches: listed.map((m) => ({
          userId: m.userId,
          balanceCents: Number(m.balanceCents),
          ledgerSumCents: Number(m.ledgerSumCents),
        })),
      };
    });
}

/** The last full check as recorded in app_meta (so the overview need not run it on every load). */
export interface RecordedLedgerCheck {
  at: string;
  ok: boolean;
  mismatchCount: number;
  checkedUsers: number;
  /** The platform check of the same snapshot: held − sourced, in cents (0 when it holds). */
  platformDifferenceCents: number;
}

const LEDGER_CHECK_KEY = 'ledger_check';

/** Keeps the result of a full check (one row of app_meta, shared by every instance). */
export async function recordLedgerCheck(db: Kysely<DB>, check: RecordedLedgerCheck): Promise<void> {
  const value = JSON.stringify(check);
  await db
    .insertInto('app_meta')
    .values({ key: LEDGER_CHECK_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** The last recorded full check, if any. */
export async function findRecordedLedgerCheck(db: Kysely<DB>): Promise<RecordedLedgerCheck | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', LEDGER_CHECK_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as RecordedLedgerCheck) : undefined;
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
      (select coalesce(sum(amount_cents), 0) from withdrawals where status in ('pending', 'approved', 'sent')) as "heldForWithdrawals",
      (select coalesce(sum(amount_cents), 0) from deposits where status = 'confirmed') as "confirmedDeposits",
      (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'paid') as "paidWithdrawals",
      (select coalesce(sum(amount_cents), 0) from platform_ledger where kind = 'interest') as "interestPaid",
      (select coalesce(sum(amount_cents), 0) from platform_ledger where kind = 'referral_reward') as "referralRewardsPaid",
      (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'adjustment') as "adjustments"
  `.execute(db);
  const row = r.rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as PlatformSums;
}
