// #33: what a member may withdraw, in dollars across every way money leaves (bank, PayPal, crypto, Bitcoin valued
// at the request's price), over a rolling day and a rolling 30 days. Every withdrawal request calls
// checkWithdrawalLimit in the transaction that inserts it: the member's kyc_members row is locked first, so
// concurrent requests count one after another (READ COMMITTED: each count sees what committed before the lock
// was granted). A tier without configured limits, or limits of 0, lets nothing leave: never "unlimited".
import { type Msg, formatUnits, formatCents, tr } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { checkSecurityHold } from './kyc.hold.ts';
import {
  COMMITTED_WITHDRAWAL_STATUSES,
  lockMemberTier,
  memberTier,
  tierLimits,
  usedCents,
  withdrawalLimits,
} from './kyc.repo.ts';

/** The member's limits now, as kyc.status().limits answers them (decimal dollar strings, "2000.00"). */
export interface LimitsView {
  tier: number;
  dailyUsd: string;
  monthlyUsd: string;
  usedDailyUsd: string;
  usedMonthlyUsd: string;
}

const usd = (cents: number) => formatUnits(BigInt(cents), 2);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The member's tier, its limits (0.00 when not configured: nothing may leave) and what is used of each. */
export async function limitsView(db: Database, config: Config, userId: string, now: Date): Promise<LimitsView> {
  const tier = await memberTier(db, userId);
  const limits = tierLimits(config, tier);
  const used = await usedCents(db, userId, now);
  return {
    tier,
    dailyUsd: usd(limits?.dailyCents ?? 0),
    monthlyUsd: usd(limits?.monthlyCents ?? 0),
    usedDailyUsd: usd(used.dailyCents),
    usedMonthlyUsd: usd(used.monthlyCents),
  };
}

/** What the next tier needs, as a `select` key of the refusals below. */
function nextTierKey(config: Config, tier: number): 'tier1' | 'tier2' | 'tier2selfie' | 'none' {
  if (tier <= 0) return 'tier1';
  if (tier === 1) return config.KYC_REQUIRE_SELFIE ? 'tier2selfie' : 'tier2';
  return 'none';
}

function noWithdrawals(config: Config, tier: number): Msg {
  return tr(
    'kyc.limit.none',
    'Your identity tier ({tier}) allows no withdrawals. {next, select, tier1 {To withdraw, verify your identity (tier 1: legal name, date of birth, address, an identity document).} tier2 {To withdraw more, send a proof of address (tier 2).} tier2selfie {To withdraw more, send a proof of address and a selfie (tier 2).} other {This is the highest tier.}}',
    { tier, next: nextTierKey(config, tier) },
  );
}

/**
 * Refuses (403, LIMIT_REACHED) a withdrawal worth `usdValueCents` that would take the member past their tier's
 * daily or 30-day limit. Takes the member's tier lock first: call it in the transaction that inserts the request,
 * before the insert. Answers the tier.
 */
export async function checkWithdrawalLimit(
  trx: Transaction<DB>,
  config: Config,
  userId: string,
  usdValueCents: number,
  now: Date,
): Promise<number> {
  const tier = await lockMemberTier(trx, userId);
  const limits = withdrawalLimits(config, tier);
  if (!limits) throw new AppError('LIMIT_REACHED', noWithdrawals(config, tier));
  const used = await usedCents(trx, userId, now);
  const leftDaily = Math.max(0, limits.dailyCents - used.dailyCents);
  const leftMonthly = Math.max(0, limits.monthlyCents - used.monthlyCents);
  if (usdValueCents > leftDaily || usdValueCents > leftMonthly) {
    throw new AppError(
      'LIMIT_REACHED',
      tr(
        'kyc.limit.reached',
        'This withdrawal (${amount}) is over your limit. Left today: ${leftDaily}; left over 30 days: ${leftMonthly}. {next, select, tier1 {To withdraw, verify your identity (tier 1: legal name, date of birth, address, an identity document).} tier2 {To withdraw more, send a proof of address (tier 2).} tier2selfie {To withdraw more, send a proof of address and a selfie (tier 2).} other {This is the highest tier.}}',
        {
          amount: formatCents(usdValueCents),
          leftDaily: formatCents(leftDaily),
          leftMonthly: formatCents(leftMonthly),
          next: nextTierKey(config, tier),
        },
      ),
    );
  }
  return tier;
}

/**
 * Everything a new withdrawal request must pass besides its funds, in the transaction that inserts it, before the
 * insert: the security hold (403 SECURITY_HOLD), then the tier's limits under the tier lock (403 LIMIT_REACHED).
 * Every way money leaves calls it (withdrawal.service.ts, withdrawal.bitcoin.ts).
 */
export async function checkWithdrawalAllowed(
  trx: Transaction<DB>,
  config: Config,
  userId: string,
  usdValueCents: number,
  now: Date,
): Promise<void> {
  await checkSecurityHold(trx, config, userId, now);
  await checkWithdrawalLimit(trx, config, userId, usdValueCents, now);
}

/** A pending withdrawal an admin is about to approve. */
export interface WithdrawalToApprove {
  createdAt: Date;
  /** Its dollar value at the request (a Bitcoin withdrawal: at the request's price). */
  valueCents: number;
}

/**
 * Refuses (403, LIMIT_REACHED) an admin's approval of a pending withdrawal that the member's limits, as they are
 * now, no longer cover: what is already on its way out (approved, sent, paid) in each rolling window, plus this
 * one while it is in that window. Under the limits its request was checked against this always passes (every
 * request since was checked with it counted); after a downgrade (kyc.downgrade.ts) or a lowered setting, the
 * admin rejects it, or approves it once the windows have room. Call it holding the member's tier lock
 * (`tier` is what lockMemberTier answered), taken before the withdrawal's row lock: the order a downgrade takes
 * them in. The withdrawal is pending, so what is committed never includes it.
 */
export async function checkApprovalLimit(
  trx: Transaction<DB>,
  config: Config,
  userId: string,
  tier: number,
  w: WithdrawalToApprove,
  now: Date,
): Promise<void> {
  const limits = withdrawalLimits(config, tier);
  if (!limits) {
    throw new AppError(
      'LIMIT_REACHED',
      tr(
        'kyc.limit.approvalNone',
        "The member's identity tier ({tier}) allows no withdrawals now, so this one cannot be approved: reject it, or wait until they are verified again.",
        { tier },
      ),
    );
  }
  const out = await usedCents(trx, userId, now, COMMITTED_WITHDRAWAL_STATUSES);
  const created = w.createdAt.getTime();
  const daily = out.dailyCents + (created > now.getTime() - DAY_MS ? w.valueCents : 0);
  const monthly = out.monthlyCents + (created > now.getTime() - 30 * DAY_MS ? w.valueCents : 0);
  if (daily > limits.dailyCents || monthly > limits.monthlyCents) {
    throw new AppError(
      'LIMIT_REACHED',
      tr(
        'kyc.limit.approvalOver',
        "This withdrawal (${amount}) is over the member's limits as they are now (tier {tier}). Left today: ${leftDaily}; left over 30 days: ${leftMonthly}. Reject it, or approve it once their limits cover it.",
        {
          amount: formatCents(w.valueCents),
          tier,
          leftDaily: formatCents(Math.max(0, limits.dailyCents - out.dailyCents)),
          leftMonthly: formatCents(Math.max(0, limits.monthlyCents - out.monthlyCents)),
        },
      ),
    );
  }
}
