import type { TInvestmentStatus, TPlan } from '@vestora/contract';

/** A term in words: 12 → "1 year", 18 → "18 months", 24 → "2 years". */
export function termText(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}

/** The early-exit rule of a plan or position, in one sentence. */
export function earlyExitText(allowed: boolean): string {
  return allowed
    ? 'You can redeem early: the principal comes back at once, interest already paid stays, interest accrued since the last payout is forfeited.'
    : 'No early exit: the principal comes back at maturity.';
}

/** What the rate is and is not, in the invest dialog. */
export const RATE_HONESTY =
  'The rate is fixed for the whole term and the interest is paid by Vestora. It does not protect you against Vestora itself failing.';

/** The same, short enough for every plan card. */
export const CARD_HONESTY =
  'Fixed rate for the whole term, paid by Vestora: only as safe as Vestora itself. Crypto prices on the Chart page do not affect it.';

export const NOT_CRYPTO =
  'The crypto prices on the Chart page have nothing to do with these plans: your interest does not depend on them.';

export const RISK_NOTICE =
  'Your money is committed for the term. If Vestora could not meet its obligations you could lose interest or principal; invest only what you can set aside.';

/** Why Invest Now is disabled for this plan, or null when it is open for investing. */
export function investBlockReason(plan: TPlan): string | null {
  if (plan.openForInvesting) return null;
  if (plan.status === 'archived') return 'This plan is closed to new investments.';
  if (plan.status === 'paused') return 'This plan is paused: it takes no new investments for now.';
  if (plan.annualRateBps === null || plan.minAmount === null || plan.maxAmount === null)
    return 'This plan’s terms are being updated; it is not open for investing yet.';
  if (plan.remainingCapacity !== null && plan.remainingCapacity < plan.minAmount)
    return 'This plan is full: no capacity is left for new investments.';
  return 'This plan is not open for investing at the moment.';
}

/** The largest amount one investment in this plan may have now (its maximum, or what capacity is left). */
export function planCeiling(plan: TPlan): number | null {
  if (plan.maxAmount === null) return null;
  return plan.remainingCapacity === null ? plan.maxAmount : Math.min(plan.maxAmount, plan.remainingCapacity);
}

export const INVESTMENT_STATUS: Record<TInvestmentStatus, { label: string; palette: 'green' | 'blue' | 'gray' }> = {
  active: { label: 'Active', palette: 'green' },
  matured: { label: 'Matured', palette: 'blue' },
  redeemed: { label: 'Redeemed early', palette: 'gray' },
};

/** The dialog's address: the current page with `?invest=<planId>`. */
export const INVEST_PARAM = 'invest';
