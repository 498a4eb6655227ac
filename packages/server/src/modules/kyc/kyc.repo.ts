// #33: a member's identity tier and what it may withdraw (the queries; kyc.limits.ts decides). The tier lives in kyc_members (no row: tier 0); the
// limits are settings (config.ts, KYC_TIER*_USD, in cents). A tier without configured limits may withdraw
// nothing: the failure to avoid is a missing limit read as "unlimited".
import { type Kysely, sql, type Transaction } from 'kysely';
import type { TKycTier } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { DB, WithdrawalStatus } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Dollars (cents) a tier may withdraw over a rolling day and a rolling 30 days. */
export interface TierLimits {
  dailyCents: number;
  monthlyCents: number;
}

/** The member's tier now (0 when they never submitted or were never approved). */
export async function memberTier(db: Db, userId: string): Promise<TKycTier> {
  const row = await db.selectFrom('kyc_members').select('tier').where('user_id', '=', userId).executeTakeFirst();
  return (row?.tier ?? 0) as TKycTier;
}

/**
 * Locks the member's kyc_members row (creating it at tier 0 when absent) and answers their tier: every withdrawal
 * request takes this lock before it counts what has left, so concurrent requests count one after another.
 */
export async function lockMemberTier(trx: Transaction<DB>, userId: string): Promise<TKycTier> {
  await trx
    .insertInto('kyc_members')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('kyc_members')
    .select('tier')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.tier as TKycTier;
}

/** The configured limits of a tier, or null: not configured means nothing may leave. */
export function tierLimits(config: Config, tier: number): TierLimits | null {
  const table: Partial<Record<number, TierLimits>> = {
    0: { dailyCents: config.KYC_TIER0_DAILY_USD, monthlyCents: config.KYC_TIER0_MONTHLY_USD },
    1: { dailyCents: config.KYC_TIER1_DAILY_USD, monthlyCents: config.KYC_TIER1_MONTHLY_USD },
    2: { dailyCents: config.KYC_TIER2_DAILY_USD, monthlyCents: config.KYC_TIER2_MONTHLY_USD },
  };
  return table[tier] ?? null;
}

/**
 * The tier's limits when it lets money leave; null when they are not configured or either is 0: nothing may leave
 * (the one place that rule is written; requests, approvals and downgrades all ask here).
 */
export function withdrawalLimits(config: Config, tier: number): TierLimits | null {
  const limits = tierLimits(config, tier);
  return limits && limits.dailyCents > 0 && limits.monthlyCents > 0 ? limits : null;
}

/** What counts toward the limits: every request not refused, cancelled or returned. */
export const COUNTED_WITHDRAWAL_STATUSES = ['pending', 'approved', 'sent', 'paid'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an approval counts besides the withdrawal it approves: what is already on its way out (#33). */
export const COMMITTED_WITHDRAWAL_STATUSES = ['approved', 'sent', 'paid'] as const;

/**
 * Dollars (cents) the member's withdrawals used over the rolling day and the rolling 30 days ending at `now`:
 * those in `statuses` (by default every request still counted).
 */
export async function usedCents(
  db: Db,
  userId: string,
  now: Date,
  statuses: readonly WithdrawalStatus[] = COUNTED_WITHDRAWAL_STATUSES,
): Promise<{ dailyCents: number; monthlyCents: number }> {
  const dayStart = new Date(now.getTime() - DAY_MS);
  const monthStart = new Date(now.getTime() - 30 * DAY_MS);
  const value = sql<number>`coalesce(usd_value_cents, amount_cents)`;
  const row = await db
    .selectFrom('withdrawals')
    .select([
      sql<string>`coalesce(sum(${value}) filter (where created_at > ${dayStart}), 0)`.as('daily'),
      sql<string>`coalesce(sum(${value}), 0)`.as('monthly'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .where('created_at', '>', monthStart)
    .executeTakeFirstOrThrow();
  return { dailyCents: Number(row.daily), monthlyCents: Number(row.monthly) };
}

/** When the member last changed their password, email address or two-factor sign-in (the security hold, #33). */
export async function securityChangedAt(db: Db, userId: string): Promise<Date | null> {
  const row = await db.selectFrom('users').select('security_changed_at').where('id', '=', userId).executeTakeFirst();
  return row?.security_changed_at ? new Date(row.security_changed_at) : null;
}

/** A withdrawal a downgrade reconsiders: approved (its way out not taken yet), with its dollar value. */
export interface ApprovedWithdrawal {
  id: string;
  createdAt: Date;
  valueCents: number;
}

/**
 * The member's approved withdrawals that have not left yet (a bank payout waiting for the payment file, a Bitcoin
 * one waiting for the payout batch), oldest first, and the dollars already out (sent or paid) over the rolling
 * day and the rolling 30 days ending at `now`.
 */
export async function approvedAndOut(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ approved: ApprovedWithdrawal[]; outDailyCents: number; outMonthlyCents: number }> {
  const dayStart = new Date(now.getTime() - DAY_MS);
  const monthStart = new Date(now.getTime() - 30 * DAY_MS);
  const value = sql<number>`coalesce(usd_value_cents, amount_cents)`;
  const approved = await db
    .selectFrom('withdrawals')
    .select(['id', 'created_at', sql<string>`${value}`.as('value')])
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const out = await db
    .selectFrom('withdrawals')
    .select([
      sql<string>`coalesce(sum(${value}) filter (where created_at > ${dayStart}), 0)`.as('daily'),
      sql<string>`coalesce(sum(${value}), 0)`.as('monthly'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ['sent', 'paid'])
    .where('created_at', '>', monthStart)
    .executeTakeFirstOrThrow();
  return {
    approved: approved.map((r) => ({ id: r.id, createdAt: new Date(r.created_at), valueCents: Number(r.value) })),
    outDailyCents: Number(out.daily),
    outMonthlyCents: Number(out.monthly),
  };
}
