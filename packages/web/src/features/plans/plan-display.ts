import type { IconType } from 'react-icons';
import { LuCrown, LuGem, LuMedal, LuScale, LuShieldCheck, LuSprout, LuTrendingUp } from 'react-icons/lu';
import type { TPlan } from '@vestora/contract';

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
export function planRows(plan: TPlan): Array<{ label: string; value: string }> {
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

/** The eight editable plan fields with their form labels (description and image are not edited here). */
export const PLAN_FORM_FIELDS = [
  { name: 'investmentPlanName', label: 'Plan name', placeholder: 'e.g. Gold' },
  { name: 'interestRate', label: 'Interest rate (%)', placeholder: 'e.g. 8' },
  { name: 'investmentLimit', label: 'Investment limit ($)', placeholder: 'e.g. 50000' },
  { name: 'returns', label: 'Returns', placeholder: 'e.g. Monthly' },
  { name: 'investmentDuration', label: 'Investment duration (years)', placeholder: 'e.g. 3' },
  { name: 'capitalGrowth', label: 'Capital growth (%)', placeholder: 'e.g. 25' },
  { name: 'riskLevel', label: 'Risk level', placeholder: 'e.g. Medium' },
  { name: 'totalReturn', label: 'Total return ($)', placeholder: 'e.g. 62500' },
] as const;

export type PlanFormField = (typeof PLAN_FORM_FIELDS)[number]['name'];
export type PlanFormValues = Record<PlanFormField, string>;

export const EMPTY_PLAN_FORM: PlanFormValues = {
  investmentPlanName: '',
  interestRate: '',
  investmentLimit: '',
  returns: '',
  investmentDuration: '',
  capitalGrowth: '',
  riskLevel: '',
  totalReturn: '',
};
