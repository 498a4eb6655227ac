import { z } from 'zod';
import { tr } from './i18n.ts';
import { ZId, plain, text, say } from './common.ts';
import { MAX_BALANCE_CENTS, ZAmount, dollarsToCents, formatCents, hasAtMostTwoDecimals } from './money.ts';
import { type TPlanTerms, ZPayoutFrequency, ZPlanTermsFields, crossTermIssues } from './plan-terms.ts';
import { ZRiskLevel } from './risk-level.ts';

/** A plan's capacity in dollars: a total over many investments, so up to the largest balance. */
const ZCapacity = z
  .number(say(() => tr('validation.capacityMustBeANumber', 'Capacity must be a number')))
  .refine(
    (v) => hasAtMostTwoDecimals(v),
    say(() => tr('validation.capacityCanHaveAtMost2', 'Capacity can have at most 2 decimals')),
  )
  .refine(
    (v) => v > 0,
    say(() => tr('validation.capacityMustBeGreaterThanZero', 'Capacity must be greater than zero')),
  )
  .refine(
    (v) => v <= MAX_BALANCE_CENTS / 100,
    say(() =>
      tr('validation.capacityTooLarge', 'Capacity cannot exceed ${max}', { max: formatCents(MAX_BALANCE_CENTS) }),
    ),
  );

const description = plain(
  z
    .string()
    .trim()
    .max(
      2000,
      say(() => tr('validation.descriptionMustBeAtMost2000', 'Description must be at most 2000 characters')),
    ),
  tr('field.description', 'Description'),
  {
    multiline: true,
  },
);
const image = plain(
  z
    .string()
    .trim()
    .max(
      500,
      say(() => tr('validation.imageMustBeAtMost500', 'Image must be at most 500 characters')),
    ),
  tr('field.image', 'Image'),
);

/** Every field a plan is written with, without defaults (an update must not reset what it leaves out). */
const PLAN_FIELD_SHAPE = {
  investmentPlanName: text(tr('field.planName', 'Plan name')),
  annualRateBps: ZPlanTermsFields.shape.annualRateBps,
  minAmount: ZAmount,
  maxAmount: ZAmount,
  termMonths: ZPlanTermsFields.shape.termMonths,
  payoutFrequency: ZPayoutFrequency,
  riskLevel: ZRiskLevel,
  earlyExitAllowed: z.boolean(),
  capacity: ZCapacity.nullable(),
  investmentPlanDescription: description,
  investmentPlanImage: image,
};

/** A plan as admins write it: structured terms, amounts in dollars like every other amount on the wire. */
export const ZPlanFields = z.strictObject({
  ...PLAN_FIELD_SHAPE,
  earlyExitAllowed: z.boolean().default(false),
  capacity: ZCapacity.nullable().default(null),
  investmentPlanDescription: description.default(''),
  investmentPlanImage: image.default(''),
});

type WireTermKey =
  | 'annualRateBps'
  | 'minAmount'
  | 'maxAmount'
  | 'termMonths'
  | 'payoutFrequency'
  | 'riskLevel'
  | 'earlyExitAllowed'
  | 'capacity';
type WireTerms = Partial<Pick<z.output<typeof ZPlanFields>, WireTermKey>>;

/** The wire's terms (dollars) as terms in cents; fields left out stay out. */
export function planTermsFromWire(w: WireTerms): Partial<TPlanTerms> {
  const out: Partial<TPlanTerms> = {};
  if (w.annualRateBps !== undefined) out.annualRateBps = w.annualRateBps;
  // An amount that is not exact in cents is left out: its own field already says so, and the rules
  // between terms are not checked against it.
  const min = w.minAmount === undefined ? null : dollarsToCents(w.minAmount);
  const max = w.maxAmount === undefined ? null : dollarsToCents(w.maxAmount);
  if (min !== null) out.minAmountCents = min;
  if (max !== null) out.maxAmountCents = max;
  if (w.termMonths !== undefined) out.termMonths = w.termMonths;
  if (w.payoutFrequency !== undefined) out.payoutFrequency = w.payoutFrequency;
  if (w.riskLevel !== undefined) out.riskLevel = w.riskLevel;
  if (w.earlyExitAllowed !== undefined) out.earlyExitAllowed = w.earlyExitAllowed;
  if (w.capacity === null) out.capacityCents = null;
  else if (w.capacity !== undefined) {
    const capacity = dollarsToCents(w.capacity);
    if (capacity !== null) out.capacityCents = capacity;
  }
  return out;
}

/** Each term's name on the wire (amounts in dollars there). */
export const TERM_TO_WIRE: Record<keyof TPlanTerms, WireTermKey> = {
  annualRateBps: 'annualRateBps',
  minAmountCents: 'minAmount',
  maxAmountCents: 'maxAmount',
  termMonths: 'termMonths',
  payoutFrequency: 'payoutFrequency',
  riskLevel: 'riskLevel',
  earlyExitAllowed: 'earlyExitAllowed',
  capacityCents: 'capacity',
};

/** The rules between terms (min ≤ max, frequency divides the term...) with wire field names. */
export function crossWireTermIssues(w: WireTerms): { path: WireTermKey; message: string }[] {
  return crossTermIssues(planTermsFromWire(w)).map((i) => ({ path: TERM_TO_WIRE[i.path], message: i.message }));
}

export const ZPlanCreateInput = ZPlanFields.superRefine((v, ctx) => {
  for (const i of crossWireTermIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export type TPlanCreateInput = z.input<typeof ZPlanCreateInput>;

/**
 * Any subset of the fields. Edits apply to new investments only. Rules between terms are checked by the
 * server against the plan's terms after the change (a field alone cannot say).
 */
export const ZPlanUpdateInput = z
  .strictObject(PLAN_FIELD_SHAPE)
  .partial()
  .extend({
    id: ZId,
    version: z.number().int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    for (const i of crossWireTermIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  });
export type TPlanUpdateInput = z.input<typeof ZPlanUpdateInput>;

/** active: takes new investments; paused: none for now, positions run on; archived: hidden, positions run on. */
export const ZPlanStatus = z.enum(['active', 'paused', 'archived']);

export const ZPlan = z.object({
  id: z.string(),
  investmentPlanName: z.string(),
  // The legacy text, derived from the terms (kept as written for a legacy plan whose text could not be read).
  interestRate: z.string(),
  investmentLimit: z.string(),
  returns: z.string(),
  investmentDuration: z.string(),
  capitalGrowth: z.string(),
  /** The plan's grade on the scale; null while an old free-text risk waits for an admin to choose. */
  riskLevel: ZRiskLevel.nullable(),
  /** The free text a plan had before the scale, kept until an admin chooses a level; sent to admins only (else null). */
  riskLevelUnmapped: z.string().nullable(),
  totalReturn: z.string(),
  investmentPlanDescription: z.string(),
  investmentPlanImage: z.string(),
  version: z.number().int(),
  // The terms; null only on a legacy plan whose text could not be read (not open for investing).
  annualRateBps: z.number().int().nullable(),
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  termMonths: z.number().int().nullable(),
  payoutFrequency: ZPayoutFrequency.nullable(),
  earlyExitAllowed: z.boolean(),
  capacity: z.number().nullable(),
  /** What new investments may still add up to (capacity minus open principal); null when uncapped. */
  remainingCapacity: z.number().nullable(),
  status: ZPlanStatus,
  openForInvesting: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZPlanIdInput = z.strictObject({ id: ZId });
export const ZPlanListInput = z.strictObject({ includeArchived: z.boolean().default(false) }).optional();

export const ZPlanDeleteResult = z.object({
  ok: z.literal(true),
  /** 'deleted', or 'archived' when open investments keep it alive until they end. */
  outcome: z.enum(['deleted', 'archived']),
  message: z.string(),
});
