import { type TPlan, centsToDollars, dollarsToCents } from '@vestora/contract';
import { t } from '@lingui/core/macro';
import { formatMoney } from '../../lib/format';
import { planCeiling } from './invest-rules';

// Apart from invest-rules.ts: the cents arithmetic comes from the contract package (and zod with it), which
// the invest dialog loads anyway and the plan cards on the home page need not.

export type AmountCheck =
  | { ok: true; amount: number }
  | { ok: false; message: string; amount?: number; shortfall?: number };

/**
 * Checks a typed amount against the plan's limits and the available balance (all in cents). Called while
 * rendering, so the messages are in the language shown.
 */
export function checkInvestAmount(plan: TPlan, amount: number | null, balance: number): AmountCheck {
  if (amount === null)
    return { ok: false, message: t`Enter an amount in dollars with at most 2 decimals, e.g. 1000.00` };
  const cents = dollarsToCents(amount);
  if (cents === null || cents <= 0) return { ok: false, message: t`Enter an amount greater than zero` };
  const min = plan.minAmount === null ? null : dollarsToCents(plan.minAmount);
  const ceiling = planCeiling(plan);
  if (min !== null && cents < min) {
    const minimum = formatMoney(plan.minAmount);
    return { ok: false, amount, message: t`The minimum for this plan is ${minimum}` };
  }
  if (ceiling !== null && cents > (dollarsToCents(ceiling) ?? 0)) {
    const capped =
      plan.remainingCapacity !== null && plan.maxAmount !== null && plan.remainingCapacity < plan.maxAmount;
    const maximum = formatMoney(ceiling);
    return {
      ok: false,
      amount,
      message: capped ? t`Only ${maximum} of this plan’s capacity is left` : t`The maximum for this plan is ${maximum}`,
    };
  }
  const balanceCents = dollarsToCents(balance) ?? 0;
  if (cents > balanceCents) {
    const shortfall = centsToDollars(cents - balanceCents);
    const available = formatMoney(balance);
    const more = formatMoney(shortfall);
    return {
      ok: false,
      amount,
      shortfall,
      message: t`Your available balance is ${available}: you need ${more} more.`,
    };
  }
  return { ok: true, amount };
}
