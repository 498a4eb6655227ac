import type { IconType } from 'react-icons';
import { LuCrown, LuGem, LuMedal, LuScale, LuShieldCheck, LuSprout, LuTrendingUp } from 'react-icons/lu';
import type { TLegacyPlanText } from '@vestora/contract';

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

/** The rows of a plan card, in the order the spec lists them. */
export function planRows(plan: TLegacyPlanText): Array<{ label: string; value: string }> {
  return [
    { label: 'Interest rate', value: withUnit(plan.interestRate, 'percent') },
    { label: 'Investment limit', value: withUnit(plan.investmentLimit, 'dollars') },
    { label: 'Returns', value: plan.returns },
    { label: 'Duration', value: withUnit(plan.investmentDuration, 'years') },
    { label: 'Capital growth', value: withUnit(plan.capitalGrowth, 'percent') },
    { label: 'Risk level', value: plan.riskLevel },
    { label: 'Total return', value: withUnit(plan.totalReturn, 'dollars') },
  ];
}
