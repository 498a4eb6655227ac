import type { IconType } from 'react-icons';
import { LuCrown, LuGem, LuMedal, LuScale, LuShieldCheck, LuSprout, LuTrendingUp } from 'react-icons/lu';
import {
  PAYOUT_FREQUENCY_LABELS,
  dollarsToCents,
  formatRateBps,
  termInterestCents,
  type TLegacyPlanText,
  type TPlan,
} from '@vestora/contract';
import { formatMoney } from '../../lib/format';

/** Icon and colour palette of a plan card, chosen by the plan's name. */
export interface PlanLook {
  icon: IconType;
  palette: 'yellow' | 'gray' | 'green' | 'purple' | 'teal' | 'blue' | 'orange';
}

// Longer names first so "Safe Growth Plan" is not taken for something shorter.
const LOOKS: ReadonlyArray<[string, PlanLook]> = [
  ['safe growth plan', { icon: LuShieldCheck, palette: 'teal' }],
  ['balanced fund', { icon: LuScale, palette: 'blue' }],
  ['platinum', { icon: LuGem, palette: 'purple' }],
  ['starter', { icon: LuSprout, palette: 'green' }],
  ['silver', { icon: LuMedal, palette: 'gray' }],
  ['gold', { icon: LuCrown, palette: 'yellow' }],
];
const DEFAULT_LOOK: PlanLook = { icon: LuTrendingUp, palette: 'orange' };

/** Picks the card look for a plan name (case-insensitive, "Gold Plan" counts as Gold). */
export function planLook(name: string): PlanLook {
  const lower = name.trim().toLowerCase();
  return LOOKS.find(([key]) => lower.includes(key))?.[1] ?? DEFAULT_LOOK;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;
const plain = (v: string) => v.replace(/,/g, '').trim();

/** Plan values are free text; bare numbers get their unit, anything else is shown as typed. */
export function withUnit(value: string, unit: 'percent' | 'dollars' | 'years'): string {
  const v = value.trim();
  if (!NUMERIC.test(plain(v))) return v;
  const n = Number(plain(v));
  if (unit === 'percent') return `${v}%`;
  if (unit === 'years') return `${v} ${n === 1 ? 'year' : 'years'}`;
  return `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

/**
 * What a card shows: the legacy text (always there, the only thing a legacy plan whose text could not be read
 * has) and, when known, the numeric terms the figures are computed from, the capacity and the description.
 */
export type CardPlan = TLegacyPlanText &
  Partial<
    Pick<
      TPlan,
      | 'annualRateBps'
      | 'minAmount'
      | 'maxAmount'
      | 'termMonths'
      | 'payoutFrequency'
      | 'earlyExitAllowed'
      | 'capacity'
      | 'remainingCapacity'
      | 'investmentPlanDescription'
    >
  >;

/** "2 years", "1 year", "6 months", "18 months". */
export function termWords(months: number): string {
  if (months % 12 === 0) return `${months / 12} ${months === 12 ? 'year' : 'years'}`;
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/**
 * What the largest investment brings back at maturity, to the cent and never rounded up: the maximum plus
 * simple interest over the term (rounded down, as the payouts pay it). Null without the terms.
 */
export function backAtMaximum(plan: CardPlan): { amount: number; back: number } | null {
  const { maxAmount, annualRateBps, termMonths } = plan;
  if (maxAmount == null || annualRateBps == null || termMonths == null) return null;
  const maxCents = dollarsToCents(maxAmount);
  if (maxCents === null) return null;
  return { amount: maxAmount, back: (maxCents + termInterestCents(maxCents, annualRateBps, termMonths)) / 100 };
}

/** "$4,999" for whole dollars, "$5,698.86" otherwise. */
function money(amount: number): string {
  return Number.isInteger(amount) ? formatMoney(amount).replace(/\.00$/, '') : formatMoney(amount);
}

/** One row of a card; a `wide` one is a sentence, shown under its label across the card. */
export interface PlanRowItem {
  label: string;
  value: string;
  wide?: boolean;
}

/**
 * The rows of a plan card, each saying what its figure is: the rate a year, the amount per investment, how
 * often interest is paid, the term, the interest over the term, the risk, what the largest investment brings
 * back ("On $4,999: $5,698.86 back", never rounded up), the early-exit rule and the capacity left.
 */
export function planRows(plan: CardPlan): PlanRowItem[] {
  const rows: PlanRowItem[] = [
    {
      label: 'Interest rate',
      value:
        plan.annualRateBps != null
          ? `${formatRateBps(plan.annualRateBps)} a year`
          : withUnit(plan.interestRate, 'percent'),
    },
    { label: 'Amount per investment', value: withUnit(plan.investmentLimit, 'dollars') },
    {
      label: 'Interest paid',
      value: plan.payoutFrequency ? PAYOUT_FREQUENCY_LABELS[plan.payoutFrequency] : plan.returns,
    },
    {
      label: 'Term',
      value: plan.termMonths != null ? termWords(plan.termMonths) : withUnit(plan.investmentDuration, 'years'),
    },
    {
      label: 'Interest over the term',
      value: plan.capitalGrowth ? `${withUnit(plan.capitalGrowth, 'percent')} of the amount` : '',
    },
    { label: 'Risk level', value: plan.riskLevel },
  ];
  const max = backAtMaximum(plan);
  if (max)
    rows.push({ label: 'At maturity', value: `On ${money(max.amount)}: ${formatMoney(max.back)} back`, wide: true });
  else if (plan.totalReturn)
    rows.push({ label: 'At maturity (largest amount)', value: withUnit(plan.totalReturn, 'dollars') });
  if (plan.earlyExitAllowed !== undefined) {
    rows.push({
      label: 'Early exit',
      value: plan.earlyExitAllowed
        ? 'Allowed: principal back at once, unpaid interest forfeited'
        : 'Not allowed: the money stays in until maturity',
      wide: true,
    });
  }
  if (plan.capacity != null) {
    const left = plan.remainingCapacity ?? plan.capacity;
    rows.push({ label: 'Capacity left', value: `${money(left)} of ${money(plan.capacity)}`, wide: true });
  }
  return rows;
}
