import type { IconType } from 'react-icons';
import { LuCrown, LuGem, LuMedal, LuScale, LuShieldCheck, LuSprout, LuTrendingUp } from 'react-icons/lu';
import { plural, t } from '@lingui/core/macro';
import {
  centsToDollars,
  dollarsToCents,
  termInterestCents,
  type TLegacyPlanText,
  type TPlan,
  type TRiskLevel,
} from '@vestora/contract';
import { i18n, intlLocale } from '../../i18n';
import { formatMoney } from '../../lib/format';
import { PAYOUT_FREQUENCY, formatRate, termText } from '../investment/invest-rules';
import { riskLabel } from './risk-level';

/** Icon and colour palette of a plan card, chosen by the plan's name. */
export interface PlanLook {
  icon: IconType;
  palette: 'yellow' | 'gray' | 'green' | 'purple' | 'teal' | 'blue' | 'orange';
}

// Longer names first so "Safe Growth Plan" is not taken for something shorter.
const LOOKS: ReadonlyArray<[string, PlanLook]> = [
  ['safe growth plan', { icon: LuShieldCheck, palette: 'teal' }],
  // The demo plan's name since #34 ("safe" promised what a plan only as sound as Vestora cannot).
  ['steady growth plan', { icon: LuShieldCheck, palette: 'teal' }],
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

/**
 * Plan values are free text; bare numbers get their unit (in the reader's locale), anything else is shown as
 * typed. Called while rendering, so the words are in the language shown.
 */
export function withUnit(value: string, unit: 'percent' | 'dollars' | 'years'): string {
  const v = value.trim();
  if (!NUMERIC.test(plain(v))) return v;
  const n = Number(plain(v));
  if (unit === 'percent')
    return new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(n / 100);
  if (unit === 'years') {
    const years = n;
    return t`${plural(years, { one: '# year', other: '# years' })}`;
  }
  return money(n);
}

/**
 * What a card shows: the legacy text (always there, the only thing a legacy plan whose text could not be read
 * has) and, when known, the numeric terms the figures are computed from, the capacity and the description.
 */
export type CardPlan = Omit<TLegacyPlanText, 'riskLevel'> &
  Pick<TPlan, 'riskLevel'> &
  Partial<Pick<TPlan, 'riskLevelUnmapped'>> &
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
  return termText(months);
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
  return { amount: maxAmount, back: centsToDollars(maxCents + termInterestCents(maxCents, annualRateBps, termMonths)) };
}

/** "$4,999" for whole dollars, "$5,698.86" otherwise (in the reader's locale). */
function money(amount: number): string {
  if (!Number.isInteger(amount)) return formatMoney(amount);
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    amount,
  );
}

/** One row of a card; a `wide` one is a sentence, shown under its label across the card. */
export interface PlanRowItem {
  label: string;
  value: string;
  wide?: boolean;
  /** The risk level: shown as a badge coloured by the level (null: no level chosen yet). */
  risk?: { level: TRiskLevel | null };
}

/** A plan's interest over its whole term in basis points, rounded half up as the legacy text does (700 × 2 years: 1400). */
function growthBps(annualRateBps: number, termMonths: number): number {
  return Math.floor((annualRateBps * termMonths * 2 + 12) / 24);
}

/**
 * The rows of a plan card, each saying what its figure is: the rate a year, the amount per investment, how
 * often interest is paid, the term, the interest over the term, the risk, what the largest investment brings
 * back ("On $4,999: $5,698.86 back", never rounded up), the early-exit rule and the capacity left.
 */
export function planRows(plan: CardPlan): PlanRowItem[] {
  const { annualRateBps: bps, termMonths: months, minAmount, maxAmount } = plan;
  const rate = bps != null ? formatRate(bps) : '';
  // With the terms known, the figures are formatted here (in the reader's locale); else the legacy text shows.
  const growth =
    bps != null && months != null
      ? formatRate(growthBps(bps, months))
      : plan.capitalGrowth
        ? withUnit(plan.capitalGrowth, 'percent')
        : '';
  const rows: PlanRowItem[] = [
    { label: t`Interest rate`, value: bps != null ? t`${rate} a year` : withUnit(plan.interestRate, 'percent') },
    {
      label: t`Amount per investment`,
      value:
        minAmount != null && maxAmount != null
          ? `${money(minAmount)} - ${money(maxAmount)}`
          : withUnit(plan.investmentLimit, 'dollars'),
    },
    {
      label: t({ message: 'Interest paid', context: 'how often interest is paid' }),
      value: plan.payoutFrequency ? i18n._(PAYOUT_FREQUENCY[plan.payoutFrequency]) : plan.returns,
    },
    {
      label: t`Term`,
      value: months != null ? termWords(months) : withUnit(plan.investmentDuration, 'years'),
    },
    { label: t`Interest over the term`, value: growth ? t`${growth} of the amount` : '' },
    {
      label: t`Risk level`,
      value: riskLabel(plan.riskLevel, plan.riskLevelUnmapped),
      risk: { level: plan.riskLevel },
    },
  ];
  const max = backAtMaximum(plan);
  if (max) {
    const amount = money(max.amount);
    const back = formatMoney(max.back);
    rows.push({ label: t`At maturity`, value: t`On ${amount}: ${back} back`, wide: true });
  } else if (plan.totalReturn)
    rows.push({ label: t`At maturity (largest amount)`, value: withUnit(plan.totalReturn, 'dollars') });
  if (plan.earlyExitAllowed !== undefined) {
    rows.push({
      label: t`Early exit`,
      value: plan.earlyExitAllowed
        ? t`Allowed: principal back at once, unpaid interest forfeited`
        : t`Not allowed: the money stays in until maturity`,
      wide: true,
    });
  }
  if (plan.capacity != null) {
    const left = money(plan.remainingCapacity ?? plan.capacity);
    const capacity = money(plan.capacity);
    rows.push({ label: t`Capacity left`, value: t`${left} of ${capacity}`, wide: true });
  }
  return rows;
}
