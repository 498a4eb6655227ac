import { type Kysely, sql } from 'kysely';
import { balanceCentsColumn } from '../user/user.repo.ts';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB>;

// --- What goes into the ZIP: the member's own rows, explicit columns (no hash, token or secret ever). ---

/** The member's profile (no password hash, no two-factor secret, no referrer id). */
export function exportProfile(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'country',
      'city',
      'account_type',
      balanceCentsColumn(),
      'referral_code',
      'deposit_reference',
      'email_verified_at',
      'email_notifications',
      'two_factor_enabled_at',
      'disabled_at',
      'locale',
      'theme',
      'created_at',
      'updated_at',
    ])
    .select((eb) => eb('referred_by', 'is not', null).as('signed_up_with_referral'))
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Who acted, as the member may know it: themselves, staff (an admin) or the system (no names of others). */
const actorAs = (userId: string) =>
  sql<string>`case when actor_id is null then 'system' when actor_id = ${userId} then 'you' else 'staff' end`;

export function exportLedger(db: Executor, userId: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'seq', 'kind', 'amount_cents', 'balance_after_cents', 'ref_type', 'ref_id', 'memo', 'created_at'])
    .select(actorAs(userId).as('by'))
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

/** #30: the member's trades with the platform, at their quoted numbers. */
export function exportTrades(db: Executor, userId: string) {
  return db
    .selectFrom('trades')
    .select([
      'id',
      'seq',
      'quote_id',
      'from_asset',
      'to_asset',
      'from_amount',
      'to_amount',
      'usd_gross_cents',
      'usd_net_cents',
      'spread_cents',
      'fee_cents',
      'prices',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

/** #30: every posting on the member's accounts of every asset (available, held, invested), in smallest units. */
export function exportJournal(db: Executor, userId: string) {
  return db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_movements as m', 'm.id', 'p.movement_id')
    .select([
      'p.seq',
      'p.asset',
      'a.kind as account',
      'm.kind',
      'p.amount',
      'p.balance_after',
      'm.ref_type',
      'm.ref_id',
      'm.created_at',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('p.seq')
    .execute();
}

/**
 * The member's deposits; a Bitcoin deposit with its satoshis and what its credit was (#30: `credited_asset` BTC, the
 * satoshis, with its dollar value at the price seen then; USD, `amount`, for credits before #30).
 */
export function exportDeposits(db: Executor, userId: string) {
  return db
    .selectFrom('deposits')
    .leftJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
    .select([
      'deposits.id',
      'deposits.seq',
      'deposits.method',
      'deposits.amount_cents',
      'deposits.reference',
      'deposits.status',
      'deposits.reason',
      'deposits.created_at',
      'deposits.reviewed_at',
      'b.sats',
      'b.credited_asset',
      'b.value_cents',
    ])
    .where('deposits.user_id', '=', userId)
    .orderBy('deposits.seq')
    .execute();
}

export function exportWithdrawals(db: Executor, userId: string) {
  return db
    .selectFrom('withdrawals')
    .select([
      'id',
      'seq',
      'amount_cents',
      'method',
      'details',
      'status',
      'reason',
      'payout_reference',
      'payout_sats',
      'payout_confirmed_at',
      'end_to_end_id',
      'created_at',
      'reviewed_at',
      'sent_at',
      'cancelled_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

export function exportInvestments(db: Executor, userId: string) {
  return db
    .selectFrom('investments')
    .select([
      'id',
      'seq',
      'plan_name',
      'amount_cents',
      'annual_rate_bps',
      'term_months',
      'payout_frequency',
      'early_exit_allowed',
      'status',
      'started_at',
      'maturity_at',
      'next_due_at',
      'paid_periods',
      'interest_paid_cents',
      'closed_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

export function exportPayouts(db: Executor, userId: string) {
  return db
    .selectFrom('investment_payouts as p')
    .innerJoin('investments as i', 'i.id', 'p.investment_id')
    .select([
      'p.investment_id',
      'i.plan_name',
      'p.period',
      'p.due_at',
      'p.interest_cents',
      'p.principal_cents',
      'p.paid_at',
    ])
    .where('i.user_id', '=', userId)
    .orderBy('p.paid_at')
    .orderBy('p.investment_id')
    .orderBy('p.period')
    .execute();
}

/** Referral rewards the member earned (as referrer) or brought (as the referred member), without the other's id. */
export function exportReferralRewards(db: Executor, userId: string) {
  return db
    .selectFrom('referral_rewards')
    .select(['amount_cents', 'status', 'created_at', 'settled_at'])
    .select(
      sql<string>`case when referrer_id = ${userId} then 'you referred a member' else 'you were referred' end`.as(
        'role',
      ),
    )
    .where((eb) => eb.or([eb('referrer_id', '=', userId), eb('referred_user_id', '=', userId)]))
    .orderBy('created_at')
    .execute();
}

/** Signed-in devices now (no token hash). */
export function exportSessions(db: Executor, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Devices the member ever signed in from. */
export function exportKnownDevices(db: Executor, userId: string) {
  return db
    .selectFrom('known_devices')
    .select(['user_agent', 'address', 'first_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('first_seen_at')
    .execute();
}

/** Messages queued for the member (what, when, whether sent; never a body: old bodies may hold account links). */
export function exportEmails(db: Executor, userId: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'status', 'created_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

/** Audit rows by the member or about them (their account, deposits, withdrawals, investments). */
export function exportAuditRows(db: Executor, userId: string) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'seq', 'action', 'entity_type', 'entity_id', 'before', 'after', 'created_at'])
    .select(actorAs(userId).as('by'))
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', userId),
        eb('entity_id', '=', userId),
        eb(
          'entity_id',
          'in',
          eb
            .selectFrom('deposits')
            .select(sql<string>`id::text`.as('id'))
            .where('user_id', '=', userId),
        ),
        eb(
          'entity_id',
          'in',
          eb
            .selectFrom('withdrawals')
            .select(sql<string>`id::text`.as('id'))
            .where('user_id', '=', userId),
        ),
        eb(
          'entity_id',
          'in',
          eb
            .selectFrom('investments')
            .select(sql<string>`id::text`.as('id'))
            .where('user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('seq')
    .execute();
}

/** The member's notifications (the bell's list), newest first. */
export function exportNotifications(db: Executor, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'category', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .execute();
}
