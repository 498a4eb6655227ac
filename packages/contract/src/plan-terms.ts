import { z } from 'zod';
import { say } from './common.ts';
import { tr, type Msg, translate } from './i18n.ts';
import { MAX_BALANCE_CENTS, MAX_TRANSACTION_CENTS } from './money.ts';
import { formatCentsShort, formatRateBps, formatTermYears, termInterestCents, trimDecimal } from './plan-format.ts';
import { RISK_LEVEL_LABELS, RISK_LEVELS, type TRiskLevel, ZRiskLevel, riskLevelFromText } from './risk-level.ts';

export const ZPayoutFrequency = z.enum(['monthly', 'quarterly', 'semi_annually', 'yearly', 'at_maturity']);
export type TPayoutFrequency = z.infer<typeof ZPayoutFrequency>;

/** Months between two payouts; null for at_maturity (one payout at the end of the term). */
export const PAYOUT_PERIOD_MONTHS: Record<TPayoutFrequency, number | null> = {
  monthly: 1,
  quarterly: 3,
  semi_annually: 6,
  yearly: 12,
  at_maturity: null,
};

/** How the legacy "returns" text and the cards name each frequency. */
export const PAYOUT_FREQUENCY_LABELS: Record<TPayoutFrequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semi_annually: 'Semi-annually',
  yearly: 'Yearly',
  at_maturity: 'At maturity',
};

export const MAX_TERM_MONTHS = 600;
export const MAX_RATE_BPS = 10_000;

/** The numbers a plan is made of; amounts are integer cents. */
export interface TPlanTerms {
  annualRateBps: number;
  minAmountCents: number;
  maxAmountCents: number;
  termMonths: number;
  payoutFrequency: TPayoutFrequency;
  riskLevel: TRiskLevel;
  earlyExitAllowed: boolean;
  capacityCents: number | null;
}

type TermKey = keyof TPlanTerms;
export interface TermsIssue {
  path: TermKey;
  message: string;
}

/** Rules between terms (one field alone cannot say): min ≤ max, the payout period divides the term, capacity ≥ min. */
export function crossTermIssues(t: Partial<TPlanTerms>): TermsIssue[] {
  const issues: TermsIssue[] = [];
  if (t.minAmountCents !== undefined && t.maxAmountCents !== undefined && t.minAmountCents > t.maxAmountCents)
    issues.push({
      path: 'maxAmountCents',
      message: translate(tr('validation.maxBelowMin', 'The maximum amount must be at least the minimum amount')),
    });
  if (t.payoutFrequency !== undefined && t.termMonths !== undefined) {
    const period = PAYOUT_PERIOD_MONTHS[t.payoutFrequency];
    if (period !== null && t.termMonths % period !== 0)
      issues.push({
        path: 'payoutFrequency',
        message: `${PAYOUT_FREQUENCY_LABELS[t.payoutFrequency]} payouts need a term in whole multiples of ${period} months (the term is ${t.termMonths} months)`,
      });
  }
  if (t.capacityCents != null && t.minAmountCents !== undefined && t.capacityCents < t.minAmountCents)
    issues.push({
      path: 'capacityCents',
      message: translate(tr('validation.capacityBelowMin', 'The capacity must be at least the minimum amount')),
    });
  return issues;
}

/** An amount term in cents; `label` names it with its article ("The minimum amount"). */
const cents = (label: Msg, max: number) =>
  z
    .number(say(() => tr('validation.termAmountNumber', '{label} must be a number', { label: translate(label) })))
    .int(say(() => tr('validation.termAmountWhole', '{label} must be whole cents', { label: translate(label) })))
    .positive(
      say(() => tr('validation.termAmountPositive', '{label} must be greater than zero', { label: translate(label) })),
    )
    .max(
      max,
      say(() =>
        tr('validation.termAmountTooLarge', '{label} cannot exceed {max}', {
          label: translate(label),
          max: formatCentsShort(max),
        }),
      ),
    );

/** Each term on its own (no rule between terms). */
export const ZPlanTermsFields = z.strictObject({
  annualRateBps: z
    .number(say(() => tr('validation.theRateMustBeANumber', 'The rate must be a number')))
    .int(
      say(() => tr('validation.rateWholeBps', 'The rate must be whole basis points (at most 2 decimals of a percent)')),
    )
    .min(
      1,
      say(() => tr('validation.theRateMustBeAtLeast', 'The rate must be at least 0.01%')),
    )
    .max(
      MAX_RATE_BPS,
      say(() => tr('validation.theRateMustBeAtMost', 'The rate must be at most 100%')),
    ),
  minAmountCents: cents(tr('field.minAmount', 'The minimum amount'), MAX_TRANSACTION_CENTS),
  maxAmountCents: cents(tr('field.maxAmount', 'The maximum amount'), MAX_TRANSACTION_CENTS),
  termMonths: z
    .number(say(() => tr('validation.theTermMustBeANumber', 'The term must be a number of months')))
    .int(say(() => tr('validation.termWhole', 'The term must be a whole number of months')))
    .min(
      1,
      say(() => tr('validation.theTermMustBeAtLeast', 'The term must be at least 1 month')),
    )
    .max(
      MAX_TERM_MONTHS,
      say(() => tr('validation.termTooLong', 'The term must be at most {max} months', { max: MAX_TERM_MONTHS })),
    ),
  payoutFrequency: ZPayoutFrequency,
  riskLevel: ZRiskLevel,
  earlyExitAllowed: z.boolean(),
  // A plan's capacity is a total over many investments, so it may exceed one transaction's limit.
  capacityCents: cents(tr('field.capacity', 'The capacity'), MAX_BALANCE_CENTS).nullable(),
});

/** A plan's terms, whole and consistent. */
export const ZPlanTerms = ZPlanTermsFields.superRefine((t, ctx) => {
  for (const i of crossTermIssues(t)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});

// ---------- formatting ----------

export { formatCentsShort, formatRateBps, formatTermYears, termInterestCents } from './plan-format.ts';
export interface TLegacyPlanText {
  interestRate: string;
  investmentLimit: string;
  returns: string;
  investmentDuration: string;
  capitalGrowth: string;
  /** The level's English label ("Very low"). */
  riskLevel: string;
  totalReturn: string;
}

/** The legacy text fields as the cards and /api/v1 show them, derived from the terms. */
export function deriveLegacyText(terms: TPlanTerms): TLegacyPlanText {
  const { annualRateBps: bps, termMonths: months, maxAmountCents: max } = terms;
  // Growth over the term in hundredths of a percent (bps × years), rounded half up to 2 decimals.
  const growthHundredths = Math.floor((bps * months * 2 + 12) / 24);
  const totalCents = max + termInterestCents(max, bps, months);
  return {
    interestRate: formatRateBps(bps),
    investmentLimit: `${formatCentsShort(terms.minAmountCents)} - ${formatCentsShort(terms.maxAmountCents)}`,
    returns: PAYOUT_FREQUENCY_LABELS[terms.payoutFrequency],
    investmentDuration: formatTermYears(months),
    capitalGrowth: `${trimDecimal(growthHundredths)}%`,
    riskLevel: RISK_LEVEL_LABELS[terms.riskLevel],
    // Whole dollars, half up: $5,698.86 → "$5,699".
    totalReturn: formatCentsShort(Math.floor((totalCents + 50) / 100) * 100),
  };
}

// ---------- parsing the legacy text ----------

export type TLegacyTermField = 'interestRate' | 'investmentLimit' | 'returns' | 'investmentDuration' | 'riskLevel';
export interface LegacyTextError {
  field: TLegacyTermField;
  message: string;
}

/** Which legacy text field carries each term, so an error names what the caller sent. */
export const TERM_TO_LEGACY_FIELD: Record<TermKey, TLegacyTermField> = {
  annualRateBps: 'interestRate',
  minAmountCents: 'investmentLimit',
  maxAmountCents: 'investmentLimit',
  termMonths: 'investmentDuration',
  payoutFrequency: 'returns',
  riskLevel: 'riskLevel',
  earlyExitAllowed: 'returns',
  capacityCents: 'investmentLimit',
};

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** "Low", "very high", "MODERATE" → the level; anything else names the scale. */
function parseRiskText(s: string): Parsed<TRiskLevel> {
  if (s.trim() === '')
    return { ok: false, message: translate(tr('validation.riskLevelIsRequired', 'Risk level is required')) };
  const level = riskLevelFromText(s);
  if (level) return { ok: true, value: level };
  return {
    ok: false,
    message: `must be one of ${RISK_LEVELS.map((l) => RISK_LEVEL_LABELS[l]).join(', ')} (or ${RISK_LEVELS.join(', ')})`,
  };
}

/** "12.5" → 1250 hundredths; null when not a plain decimal with at most 2 decimals. */
function hundredths(s: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const v = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(v) ? v : null;
}

/** "7%", "7", "6.5 %" → basis points. */
export function parseRateText(text: string): Parsed<number> {
  const m = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text.trim());
  const bps = m ? hundredths(m[1]!) : null;
  if (bps === null) return { ok: false, message: `Cannot read "${text}" as a rate; write it like "7%" or "6.5%"` };
  return { ok: true, value: bps };
}

/** "$1,000", "1000", "1,000.50" → cents. */
function parseDollarText(s: string): number | null {
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s.trim());
  if (!m) return null;
  return hundredths(`${m[1]!.replace(/,/g, '')}${m[2] ? `.${m[2]}` : ''}`);
}

/** "$1,000 - $4,999", "1000-4999", "$100 to $999" → [min, max] in cents. */
export function parseLimitText(text: string): Parsed<[number, number]> {
  const parts = text.trim().split(/\s*(?:-|–|—|\bto\b)\s*/i);
  const [min, max] = parts.length === 2 ? parts.map(parseDollarText) : [null, null];
  if (min == null || max == null)
    return { ok: false, message: `Cannot read "${text}" as an amount range; write it like "$1,000 - $4,999"` };
  return { ok: true, value: [min, max] };
}

const FREQUENCY_WORDS: Record<string, TPayoutFrequency> = {
  monthly: 'monthly',
  quarterly: 'quarterly',
  semiannually: 'semi_annually',
  semiannual: 'semi_annually',
  biannually: 'semi_annually',
  yearly: 'yearly',
  annually: 'yearly',
  annual: 'yearly',
  atmaturity: 'at_maturity',
  onmaturity: 'at_maturity',
  maturity: 'at_maturity',
};

/** "Monthly", "Semi-annually", "At maturity" → a payout frequency. */
export function parseReturnsText(text: string): Parsed<TPayoutFrequency> {
  const f = FREQUENCY_WORDS[text.toLowerCase().replace(/[\s_-]+/g, '')];
  if (!f)
    return {
      ok: false,
      message: `Cannot read "${text}" as a payout frequency; use one of ${Object.values(PAYOUT_FREQUENCY_LABELS).join(', ')}`,
    };
  return { ok: true, value: f };
}

/** "2", "0.5", "2 years", "18 months" → whole months. */
export function parseDurationText(text: string): Parsed<number> {
  const bad = (why: string): Parsed<number> => ({ ok: false, message: `Cannot read "${text}" as a duration; ${why}` });
  const m = /^(\d+(?:\.\d+)?)\s*(years?|yrs?|y|months?|mos?)?$/i.exec(text.trim());
  const amount = m ? hundredths(m[1]!) : null;
  if (!m || amount === null) return bad('write it in years like "2" or "0.5"');
  if (/^mo/i.test(m[2] ?? '')) {
    if (amount % 100 !== 0) return bad('a term in months must be a whole number');
    return { ok: true, value: amount / 100 };
  }
  // Years are written with at most 2 decimals, so "0.33" stands for 4 months: accept it when it is
  // exactly how that whole number of months is written, refuse "0.4" (4.8 months).
  const months = Math.round((amount * 12) / 100);
  if (months < 1 || formatTermYears(months) !== trimDecimal(amount))
    return bad('the term must be a whole number of months (e.g. "0.5" or "1.25" years)');
  return { ok: true, value: months };
}

/** The legacy text fields a caller may send; capitalGrowth and totalReturn are derived, so never read. */
export type TLegacyPlanTextInput = Partial<Record<TLegacyTermField, unknown>>;

/**
 * Reads whichever legacy text fields are present into terms (absent fields stay absent). Field-level
 * errors only: rules between terms are checked by the caller once the whole set is known.
 */
export function parseLegacyTermsPatch(input: TLegacyPlanTextInput): {
  terms: Partial<TPlanTerms>;
  errors: LegacyTextError[];
} {
  const terms: Partial<TPlanTerms> = {};
  const errors: LegacyTextError[] = [];
  const read = <T>(field: TLegacyTermField, parse: (s: string) => Parsed<T>, apply: (v: T) => void) => {
    const given = input[field];
    if (given === undefined) return;
    // A bare number (7, 2) reads as its text ("7", "2").
    const raw = typeof given === 'number' && Number.isFinite(given) ? String(given) : given;
    if (typeof raw !== 'string') return errors.push({ field, message: 'must be text' });
    const r = parse(raw);
    if (r.ok) apply(r.value);
    else errors.push({ field, message: r.message });
  };
  read('interestRate', parseRateText, (v) => (terms.annualRateBps = v));
  read('investmentLimit', parseLimitText, ([min, max]) => {
    terms.minAmountCents = min;
    terms.maxAmountCents = max;
  });
  read('returns', parseReturnsText, (v) => (terms.payoutFrequency = v));
  read('investmentDuration', parseDurationText, (v) => (terms.termMonths = v));
  read('riskLevel', parseRiskText, (v) => (terms.riskLevel = v));
  return { terms, errors };
}

/** Checks a (partial) set of terms field by field and between fields; errors name the legacy fields. */
export function checkTermsAsLegacy(terms: Partial<TPlanTerms>): LegacyTextError[] {
  const r = ZPlanTermsFields.partial().safeParse(terms);
  const issues: TermsIssue[] = r.success
    ? crossTermIssues(terms)
    : r.error.issues.map((i) => ({ path: i.path[0] as TermKey, message: i.message }));
  return issues.map((i) => ({ field: TERM_TO_LEGACY_FIELD[i.path], message: i.message }));
}

/**
 * The legacy plan text ("7%", "$1,000 - $4,999", "Monthly", "2") read into terms, or every field that
 * cannot be read. Legacy text knows nothing of early exit or capacity: no early exit, no capacity.
 */
export function parseLegacyPlanText(
  input: TLegacyPlanTextInput,
): { ok: true; terms: TPlanTerms } | { ok: false; errors: LegacyTextError[] } {
  const { terms, errors } = parseLegacyTermsPatch(input);
  for (const field of ['interestRate', 'investmentLimit', 'returns', 'investmentDuration', 'riskLevel'] as const)
    if (input[field] === undefined) errors.push({ field, message: 'is required' });
  if (errors.length) return { ok: false, errors };
  const full: TPlanTerms = {
    earlyExitAllowed: false,
    capacityCents: null,
    ...(terms as Omit<TPlanTerms, 'earlyExitAllowed' | 'capacityCents'>),
  };
  const termErrors = checkTermsAsLegacy(full);
  if (termErrors.length) return { ok: false, errors: termErrors };
  return { ok: true, terms: ZPlanTerms.parse(full) };
}
