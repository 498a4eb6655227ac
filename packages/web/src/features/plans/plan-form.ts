import { t } from '@lingui/core/macro';
import {
  PAYOUT_PERIOD_MONTHS,
  type TPayoutFrequency,
  type TPlan,
  type TPlanCreateInput,
  type TLegacyPlanText,
  type TRiskLevel,
  ZPlanCreateInput,
  deriveLegacyText,
  dollarsToCents,
  formatCentsShort,
  formatRateBps,
  formatTermYears,
  PAYOUT_FREQUENCY_LABELS,
} from '@vestora/contract';
import { i18n } from '../../i18n';
import { PAYOUT_FREQUENCY } from '../investment/invest-rules';
import type { CardPlan } from './plan-display';

/** What the admin types: text boxes hold strings; the terms are read from them on every change. */
export interface PlanFormValues {
  investmentPlanName: string;
  /** Percent a year, e.g. "6.5". */
  rate: string;
  minAmount: string;
  maxAmount: string;
  term: string;
  termUnit: 'months' | 'years';
  payoutFrequency: TPayoutFrequency;
  /** A level of the scale; '' until one is chosen (a new plan, or one whose old text named no level). */
  riskLevel: TRiskLevel | '';
  earlyExitAllowed: boolean;
  /** Dollars; empty means no cap. */
  capacity: string;
  investmentPlanDescription: string;
}

export type PlanFormField = keyof PlanFormValues;

export const EMPTY_PLAN_FORM: PlanFormValues = {
  investmentPlanName: '',
  rate: '',
  minAmount: '',
  maxAmount: '',
  term: '',
  termUnit: 'years',
  payoutFrequency: 'monthly',
  riskLevel: '',
  earlyExitAllowed: false,
  capacity: '',
  investmentPlanDescription: '',
};

/** The payout frequencies for the select, named in the language shown (call while rendering). */
export function payoutOptions(): { value: TPayoutFrequency; label: string }[] {
  return (Object.keys(PAYOUT_FREQUENCY) as TPayoutFrequency[]).map((value) => ({
    value,
    label: i18n._(PAYOUT_FREQUENCY[value]),
  }));
}

/** The form filled with a plan's terms (empty where a legacy plan has none). */
export function planToForm(plan: TPlan): PlanFormValues {
  const months = plan.termMonths;
  const inYears = months !== null && months % 12 === 0;
  return {
    investmentPlanName: plan.investmentPlanName,
    rate: plan.annualRateBps === null ? '' : String(plan.annualRateBps / 100),
    minAmount: plan.minAmount === null ? '' : String(plan.minAmount),
    maxAmount: plan.maxAmount === null ? '' : String(plan.maxAmount),
    term: months === null ? '' : String(inYears ? months / 12 : months),
    termUnit: months === null || inYears ? 'years' : 'months',
    payoutFrequency: plan.payoutFrequency ?? 'monthly',
    riskLevel: plan.riskLevel ?? '',
    earlyExitAllowed: plan.earlyExitAllowed,
    capacity: plan.capacity === null ? '' : String(plan.capacity),
    investmentPlanDescription: plan.investmentPlanDescription,
  };
}

/** What the preview card shows from the typed text: the legacy text and the risk level chosen so far. */
export type PreviewText = Omit<TLegacyPlanText, 'riskLevel'> & { riskLevel: TRiskLevel | null };

const NUMBER = /^\d+(\.\d+)?$/;
const plain = (s: string) => s.trim().replace(/[$,%\s]/g, '');

/** "6.5" → 650 basis points; NaN when not a number (the shared schema then says why). */
function rateBps(text: string): number {
  const v = plain(text);
  return NUMBER.test(v) ? Math.round(Number(v) * 100 * 1e6) / 1e6 : Number.NaN;
}

function dollars(text: string): number {
  const v = plain(text);
  return NUMBER.test(v) ? Number(v) : Number.NaN;
}

function termMonths(values: PlanFormValues): number {
  const v = plain(values.term);
  if (!NUMBER.test(v)) return Number.NaN;
  const n = Number(v);
  return values.termUnit === 'years' ? Math.round(n * 12 * 1e6) / 1e6 : n;
}

const WIRE_TO_FORM: Partial<Record<string, PlanFormField>> = {
  investmentPlanName: 'investmentPlanName',
  annualRateBps: 'rate',
  minAmount: 'minAmount',
  maxAmount: 'maxAmount',
  termMonths: 'term',
  payoutFrequency: 'payoutFrequency',
  riskLevel: 'riskLevel',
  earlyExitAllowed: 'earlyExitAllowed',
  capacity: 'capacity',
  investmentPlanDescription: 'investmentPlanDescription',
};

/** Friendlier words for the schema's messages where the form asks in other units. */
function formMessage(field: PlanFormField, message: string, values: PlanFormValues): string {
  if (field === 'rate' && /must be a number|whole basis points/.test(message))
    return t`Enter the yearly rate in percent with at most 2 decimals, e.g. 6.5`;
  if (field === 'term' && /must be a number|whole number/.test(message))
    return values.termUnit === 'years'
      ? t`Enter the term in years that make whole months, e.g. 2 or 0.5`
      : t`Enter the term as a whole number of months`;
  if ((field === 'minAmount' || field === 'maxAmount' || field === 'capacity') && /must be a number/.test(message))
    return t`Enter an amount in dollars, e.g. 1,000`;
  return message;
}

/**
 * The form read into plan.create's input and checked with the same schema the server uses; errors are
 * keyed by form field.
 */
export function readPlanForm(
  values: PlanFormValues,
): { ok: true; input: TPlanCreateInput } | { ok: false; errors: Partial<Record<PlanFormField, string>> } {
  const wire = {
    investmentPlanName: values.investmentPlanName,
    annualRateBps: rateBps(values.rate),
    minAmount: dollars(values.minAmount),
    maxAmount: dollars(values.maxAmount),
    termMonths: termMonths(values),
    payoutFrequency: values.payoutFrequency,
    // Nothing chosen is left out, so the schema says the risk level is required.
    riskLevel: values.riskLevel || undefined,
    earlyExitAllowed: values.earlyExitAllowed,
    capacity: values.capacity.trim() === '' ? null : dollars(values.capacity),
    investmentPlanDescription: values.investmentPlanDescription,
    investmentPlanImage: '',
  };
  const r = ZPlanCreateInput.safeParse(wire);
  if (r.success) return { ok: true, input: r.data };
  const errors: Partial<Record<PlanFormField, string>> = {};
  for (const issue of r.error.issues) {
    const field = WIRE_TO_FORM[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = formMessage(field, issue.message, values);
  }
  return { ok: false, errors };
}

/** The card text for what is typed so far ('' where a part cannot be worked out yet). */
export function previewText(values: PlanFormValues): PreviewText {
  const bps = rateBps(values.rate);
  const months = termMonths(values);
  const min = dollarsToCents(dollars(values.minAmount));
  const max = dollarsToCents(dollars(values.maxAmount));
  const okBps = Number.isInteger(bps) && bps > 0;
  const okMonths = Number.isInteger(months) && months > 0;
  const period = PAYOUT_PERIOD_MONTHS[values.payoutFrequency];
  const text: PreviewText = {
    interestRate: okBps ? formatRateBps(bps) : '',
    investmentLimit: min !== null && max !== null ? `${formatCentsShort(min)} - ${formatCentsShort(max)}` : '',
    returns: PAYOUT_FREQUENCY_LABELS[values.payoutFrequency],
    investmentDuration: okMonths ? formatTermYears(months) : '',
    capitalGrowth: '',
    riskLevel: values.riskLevel || null,
    totalReturn: '',
  };
  if (okBps && okMonths && max !== null && (period === null || months % period === 0)) {
    const derived = deriveLegacyText({
      annualRateBps: bps,
      termMonths: months,
      minAmountCents: min ?? max,
      maxAmountCents: max,
      payoutFrequency: values.payoutFrequency,
      // The figures do not depend on the risk; any level stands in until one is chosen.
      riskLevel: values.riskLevel || 'medium',
      earlyExitAllowed: values.earlyExitAllowed,
      capacityCents: null,
    });
    text.capitalGrowth = derived.capitalGrowth;
    text.totalReturn = derived.totalReturn;
  }
  return text;
}

/** The numeric terms the preview card computes its figures from (only those the form holds valid values for). */
export function previewTerms(values: PlanFormValues): CardPlan {
  const bps = rateBps(values.rate);
  const months = termMonths(values);
  const max = dollars(values.maxAmount);
  const capacity = dollars(values.capacity);
  return {
    ...previewText(values),
    annualRateBps: Number.isInteger(bps) && bps > 0 ? bps : null,
    termMonths: Number.isInteger(months) && months > 0 ? months : null,
    maxAmount: Number.isFinite(max) && max > 0 ? max : null,
    payoutFrequency: values.payoutFrequency,
    earlyExitAllowed: values.earlyExitAllowed,
    capacity: Number.isFinite(capacity) && capacity > 0 ? capacity : null,
    investmentPlanDescription: values.investmentPlanDescription,
  };
}
