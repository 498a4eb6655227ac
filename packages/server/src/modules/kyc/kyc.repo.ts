// #33: a member's identity tier and what it may withdraw (the queries; kyc.limits.ts decides). The tier lives in kyc_members (no row: tier 0); the
// limits are settings (config.ts, KYC_TIER*_USD, in cents). A tier without configured limits may withdraw
// nothing: the failure to avoid is a missing limit read as "unlimited".
import { type Kysely, sql, type Transaction } from 'kysely';
import type { TKycTier } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';

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

/** What counts toward the limits: every request not refused, cancelled or returned. */
export const COUNTED_WITHDRAWAL_STATUSES = ['pending', 'approved', 'sent', 'paid'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dollars (cents) the member's withdrawals used over the rolling day and the rolling 30 days ending at `now`. */
export async function usedCents(
  db: Db,
  userId: string,
  now: Date,
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
    .where('status', 'in', COUNTED_WITHDRAWAL_STATUSES)
    .where('created_at', '>', monthStart)
    .executeTakeFirstOrThrow();
  return { dailyCents: Number(row.daily), monthlyCents: Number(row.monthly) };
}
