import { type TPlan, centsToDollars, dollarsToCents } from '@vestora/contract';
import { formatMoney } from '../../lib/format';
import { planCeiling } from './invest-rules';

// Apart from invest-rules.ts: the cents arithmetic comes from the contract package (and zod with it), which
// the invest dialog loads anyway and the plan cards on the home page need not.

export type AmountCheck =
  | { ok: true; amount: number }
  | { ok: false; message: string; amount?: number; shortfall?: number };

/** Checks a typed amount against the plan's limits and the available balance (all in cents). */
export function checkInvestAmount(plan: TPlan, amount: number | null, balance: number): AmountCheck {
  if (amount === null)
    return { ok: false, message: 'Enter an amount in dollars with at most 2 decimals, e.g. 1000.00' };
  const cents = dollarsToCents(amount);
  if (cents === null || cents <= 0) return { ok: false, message: 'Enter an amount greater than zero' };
  const min = plan.minAmount === null ? null : dollarsToCents(plan.minAmount);
  const ceiling = planCeiling(plan);
  if (min !== null && cents < min)
    return { ok: false, amount, message: `The minimum for this plan is ${formatMoney(plan.minAmount)}` };
  if (ceiling !== null && cents > (dollarsToCents(ceiling) ?? 0)) {
    const capped =
      plan.remainingCapacity !== null && plan.maxAmount !== null && plan.remainingCapacity < plan.maxAmount;
    return {
      ok: false,
      amount,
      message: capped
        ? `Only ${formatMoney(ceiling)} of this plan’s capacity is left`
        : `The maximum for this plan is ${formatMoney(ceiling)}`,
    };
  }
  const balanceCents = dollarsToCents(balance) ?? 0;
  if (cents > balanceCents) {
    const shortfall = centsToDollars(cents - balanceCents);
    return {
      ok: false,
      amount,
      shortfall,
      message: `Your available balance is ${formatMoney(balance)}: you need ${formatMoney(shortfall)} more.`,
    };
  }
  return { ok: true, amount };
}
