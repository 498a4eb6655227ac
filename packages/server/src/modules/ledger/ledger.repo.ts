import { unitsToCents } from '@vestora/contract';
import { type Kysely, sql } from 'kysely';
import { newestFirstPage } from '../../db/page-query.ts';
import type { DB, LedgerKind, LedgerRefType } from '../../db/schema.ts';

/**
 * A member's ledger line (a posting on their available money of one asset) with its owner's email (the page
 * shows it to admins) and, for a withdrawal's entries, when the withdrawal was paid out (the payout moves the
 * held funds, not the balance, so the history shows it on the hold). Amounts are decimal strings of the
 * asset's smallest unit.
 */
export interface LedgerEntryView {
  id: string;
  seq: number;
  user_id: string;
  user_email: string;
  asset: string;
  kind: LedgerKind;
  amount_units: string;
  balance_after_units: string;
  ref_type: LedgerRefType;
  ref_id: string;
  actor_id: string | null;
  memo: string | null;
  created_at: Date;
  withdrawal_paid_at: Date | null;
}

/** Newest first, `limit + 1` rows (the extra one tells there is a next page) of one asset's lines. */
export async function listLedgerEntries(
  db: Kysely<DB>,
  filter: { userId?: string; kind?: LedgerKind; asset: string; beforeSeq?: number; limit: number },
): Promise<LedgerEntryView[]> {
  let q = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_movements as m', 'm.id', 'p.movement_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('withdrawals as w', (j) =>
      j.onRef('w.id', '=', 'm.ref_id').on('m.ref_type', '=', 'withdrawal').on('w.status', '=', 'paid'),
    )
    .where('a.kind', '=', 'available')
    .where('p.asset', '=', filter.asset)
    .select((eb) => [
      'p.id',
      'p.seq',
      'a.user_id',
      'u.email as user_email',
      'p.asset',
      sql<LedgerKind>`m.kind`.as('kind'),
      sql<string>`p.amount::text`.as('amount_units'),
      sql<string>`p.balance_after::text`.as('balance_after_units'),
      'm.ref_type',
      'm.ref_id',
      'm.actor_id',
      'm.memo',
      'm.created_at',
      // A crypto payout was paid when the chain confirmed it (#34), not when it was sent.
      eb.fn.coalesce('w.payout_confirmed_at', 'w.reviewed_at').as('withdrawal_paid_at'),
    ]);
  if (filter.userId) q = q.where('a.user_id', '=', filter.userId);
  if (filter.kind) q = q.where('m.kind', '=', filter.kind);
  return newestFirstPage(q, 'p', {}, filter).execute() as Promise<LedgerEntryView[]>;
}

/** One asset's journal, checked: accounts whose balance is not the sum of their postings, unbalanced movements. */
export interface AssetCheck {
  asset: string;
  accounts: number;
  /** Accounts whose balance differs from the sum of their postings. */
  accountMismatches: number;
  /** Movements whose postings do not sum to zero (or have fewer than two). */
  unbalancedMovements: number;
  /** The sum of every account's balance, a decimal string: "0" when the asset's books balance. */
  total: string;
}

export interface LedgerCheck {
  checkedUsers: number;
  /** Every asset's journal. */
  assets: AssetCheck[];
  /** How many users' balances differ from their ledger (all of them, even past the listed ones). */
  mismatchCount: number;
  /** The first MAX_LISTED_MISMATCHES of them, by user id. */
  mismatches: { userId: string; balanceCents: number; ledgerSumCents: number }[];
  platform: PlatformSums;
}

/**
 * USD cents the database answered (a bigint or numeric, as a string or a number) as an exact number of cents:
 * throws past 2^53, where a number would no longer be exact.
 */
export function exactCents(value: string | number): number {
  const cents = unitsToCents(BigInt(value));
  if (cents === null) throw new Error(`ledger: ${value} cents is past what a number holds exactly`);
  return cents;
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
        with posted as (
          select account_id, sum(amount) as total from ledger_postings group by account_id
        ), checked as (
          select u.id, coalesce(a.balance, 0) as balance_cents, coalesce(s.total, 0) as ledger_sum_cents
          from users u
          left join ledger_accounts a on a.user_id = u.id and a.kind = 'available' and a.asset = 'USD'
          left join posted s on s.account_id = a.id
        ), off as (
          select id, balance_cents, ledger_sum_cents from checked where balance_cents <> ledger_sum_cents
        )
        select
          (select count(*) from checked)::int as checked_users,
          (select count(*) from off)::int as mismatch_count,
          (select json_agg(json_build_object('userId', id, 'balanceCents', balance_cents::text,
              'ledgerSumCents', ledger_sum_cents::text) order by id)::text
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
        assets: await assetChecks(trx),
        platform: await platformSums(trx),
        checkedUsers: row.checked_users,
        mismatchCount: row.mismatch_count,
        mismatches: listed.map((m) => ({
          userId: m.userId,
          balanceCents: exactCents(m.balanceCents),
          ledgerSumCents: exactCents(m.ledgerSumCents),
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
  /** The members' invested accounts: equal to openPrincipal when the journal and the positions agree. */
  investedAccounts: number;
  /** The members' withdrawal holds: equal to heldForWithdrawals when the journal and the withdrawals agree. */
  heldAccounts: number;
  confirmedDeposits: number;
  paidWithdrawals: number;
  interestPaid: number;
  referralRewardsPaid: number;
  adjustments: number;
  /** #30: dollars members received for coins sold minus dollars they paid for coins bought (trades). */
  tradedDollars: number;
  /** #31: dollars open limit orders hold (their rows), and the members' USD order holds (the journal). */
  heldForOrders: number;
  orderHoldAccounts: number;
  /** #31: coins whose members' order holds differ from what their open orders hold (0 when they agree). */
  orderHoldMismatches: number;
}

/**
 * Every asset's journal in one pass over the postings: each account's balance against the sum of its postings
 * (the platform's accounts included), each movement's postings summing to zero, and the asset's balances
 * summing to zero (what one account gained another gave).
 */
export async function assetChecks(db: Kysely<DB>): Promise<AssetCheck[]> {
  const r = await sql<{
    asset: string;
    accounts: number;
    account_mismatches: number;
    total: string;
    unbalanced: number;
  }>`
    with posted as (
      select account_id, sum(amount) as total from ledger_postings group by account_id
    ), accounts as (
      select a.asset, count(*)::int as accounts,
        count(*) filter (where a.balance <> coalesce(s.total, 0))::int as account_mismatches,
        sum(a.balance)::text as total
      from ledger_accounts a left join posted s on s.account_id = a.id
      group by a.asset
    ), movements as (
      select m.asset, count(*)::int as unbalanced
      from ledger_movements m
      left join (select movement_id, sum(amount) as total, count(*) as legs from ledger_postings group by movement_id) p
        on p.movement_id = m.id
      where p.movement_id is null or p.total <> 0 or p.legs < 2
      group by m.asset
    )
    select x.code as asset, coalesce(a.accounts, 0) as accounts, coalesce(a.account_mismatches, 0) as account_mismatches,
      coalesce(a.total, '0') as total, coalesce(m.unbalanced, 0) as unbalanced
    from assets x left join accounts a on a.asset = x.code left join movements m on m.asset = x.code
    order by x.code`.execute(db);
  return r.rows.map((row) => ({
    asset: row.asset,
    accounts: row.accounts,
    accountMismatches: row.account_mismatches,
    unbalancedMovements: row.unbalanced,
    total: row.total,
  }));
}

/**
 * Where every cent on the platform came from and where it is, each side from its own tables: the members'
 * money (available, held for withdrawals, invested) from the journal, against confirmed deposits, paid
 * withdrawals, the platform's payments (interest, referral rewards) and admin adjustments; and the members'
 * held and invested accounts against the withdrawals and positions they stand for.
 */
export async function platformSums(db: Kysely<DB>): Promise<PlatformSums> {
  const r = await sql<Record<keyof PlatformSums, string | number>>`
    with usd as (
      select kind, coalesce(sum(balance), 0) as total from ledger_accounts where asset = 'USD' group by kind
    )
    select
      (select coalesce(sum(total), 0) from usd where kind = 'available') as "balances",
      (select coalesce(sum(amount_cents), 0) from investments where status = 'active') as "openPrincipal",
      (select coalesce(sum(amount_cents), 0) from withdrawals where status in ('pending', 'approved', 'sent')) as "heldForWithdrawals",
      (select coalesce(sum(total), 0) from usd where kind = 'invested') as "investedAccounts",
      (select coalesce(sum(total), 0) from usd where kind = 'withdrawal_hold') as "heldAccounts",
      (select coalesce(sum(amount_cents), 0) from deposits where status = 'confirmed') as "confirmedDeposits",
      (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'paid') as "paidWithdrawals",
      (select coalesce(-sum(total), 0) from usd where kind = 'interest_expense') as "interestPaid",
      (select coalesce(-sum(total), 0) from usd where kind = 'referral_expense') as "referralRewardsPaid",
      (select coalesce(-sum(total), 0) from usd where kind = 'adjustments') as "adjustments",
      (select coalesce(sum(case when to_asset = 'USD' then to_amount when from_asset = 'USD' then -from_amount else 0 end), 0)
        from trades) as "tradedDollars",
      (select coalesce(sum(held_units), 0) from limit_orders where status = 'open' and held_asset = 'USD') as "heldForOrders",
      (select coalesce(sum(total), 0) from usd where kind = 'order_hold') as "orderHoldAccounts",
      (select count(*) from assets x where x.code <> 'USD' and
        (select coalesce(sum(balance), 0) from ledger_accounts h where h.kind = 'order_hold' and h.asset = x.code)
        <> (select coalesce(sum(held_units), 0) from limit_orders o where o.status = 'open' and o.held_asset = x.code)
      ) as "orderHoldMismatches"
  `.execute(db);
  const row = r.rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, exactCents(v)])) as unknown as PlatformSums;
}

/** A listed asset (USD, a coin) by its code. */
export function findAsset(db: Kysely<DB>, code: string): Promise<{ code: string; scale: number } | undefined> {
  return db.selectFrom('assets').select(['code', 'scale']).where('code', '=', code).executeTakeFirst();
}
