import {
  centsToDollars,
  checkTermsAsLegacy,
  type LegacyTextError,
  parseLegacyTermsPatch,
  riskLevelFromText,
  type TLegacyTermField,
  type TPlanCreateInput,
  type TPlanTerms,
  type TPlanUpdateInput,
  type TRiskLevel,
} from '@vestora/contract';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { type Caller, type LegacyRoute, legacyRoute } from './handler.ts';
import {
  dataOf,
  LEGACY_FIELD_NAMES,
  type LegacyPlanCreateBody,
  type LegacyPlanUpdateBody,
  toLegacyPlan,
  ZLegacyPlan,
  ZLegacyPlanCreateBody,
  ZLegacyPlanUpdateBody,
} from './legacy-schemas.ts';

/** The legacy text fields read into terms (riskLevel is read on its own: see riskFromText). */
const TEXT_TERM_FIELDS = ['interestRate', 'investmentLimit', 'returns', 'investmentDuration'] as const;
type TextTerms = Partial<Record<(typeof TEXT_TERM_FIELDS)[number], string>>;

function refuse(errors: LegacyTextError[]): never {
  throw new AppError('BAD_INPUT', errors.map((e) => `${e.field}: ${e.message}`).join('; '));
}

function pickTexts(body: TextTerms): Partial<Record<TLegacyTermField, unknown>> {
  const texts: Partial<Record<TLegacyTermField, unknown>> = {};
  for (const f of TEXT_TERM_FIELDS) if (body[f] !== undefined) texts[f] = body[f];
  return texts;
}

/** Text terms ("7%", "$1,000 - $4,999", "Monthly", "2") as the procedures' structured fields (dollars). */
function parseTerms(texts: Partial<Record<TLegacyTermField, unknown>>) {
  const { terms, errors } = parseLegacyTermsPatch(texts);
  if (errors.length) refuse(errors);
  const termErrors = checkTermsAsLegacy(terms);
  if (termErrors.length) refuse(termErrors);
  const t: Partial<TPlanTerms> = terms;
  return {
    ...(t.annualRateBps !== undefined && { annualRateBps: t.annualRateBps }),
    ...(t.minAmountCents !== undefined && { minAmount: centsToDollars(t.minAmountCents) }),
    ...(t.maxAmountCents !== undefined && { maxAmount: centsToDollars(t.maxAmountCents) }),
    ...(t.termMonths !== undefined && { termMonths: t.termMonths }),
    ...(t.payoutFrequency !== undefined && { payoutFrequency: t.payoutFrequency }),
  };
}

/** "Low", "very high", "Moderate" → the level on the scale; other text is refused with the scale named (400). */
function riskFromText(text: string): TRiskLevel {
  const { terms, errors } = parseLegacyTermsPatch({ riskLevel: text });
  if (errors.length || terms.riskLevel === undefined) refuse(errors);
  return terms.riskLevel;
}

/** A create body: every text term is required; capitalGrowth and totalReturn are derived, not taken. */
function createInput(body: LegacyPlanCreateBody): TPlanCreateInput {
  const missing = [...TEXT_TERM_FIELDS, 'riskLevel' as const]
    .filter((f) => body[f] === undefined)
    .map((field) => ({ field, message: 'is required' }));
  if (missing.length) refuse(missing);
  const terms = parseTerms(pickTexts(body));
  return {
    investmentPlanName: body.investmentPlanName,
    riskLevel: riskFromText(body.riskLevel!),
    investmentPlanDescription: body.investmentPlanDescription,
    investmentPlanImage: body.investmentPlanImage,
    ...(terms as Required<typeof terms>),
  };
}

/**
 * An update body. A legacy plan whose text could not be read has no terms; an edit screen echoes that text
 * back unchanged, and then it is left alone (so the plan can still be renamed) instead of refused.
 */
async function updateInput(caller: Caller, body: LegacyPlanUpdateBody): Promise<TPlanUpdateInput> {
  const fields: TPlanUpdateInput = {
    id: body._id,
    ...(body.__v !== undefined && { version: body.__v }),
    ...(body.investmentPlanName !== undefined && { investmentPlanName: body.investmentPlanName }),
    ...(body.investmentPlanDescription !== undefined && { investmentPlanDescription: body.investmentPlanDescription }),
    ...(body.investmentPlanImage !== undefined && { investmentPlanImage: body.investmentPlanImage }),
  };
  if (body.riskLevel !== undefined) {
    // A plan still waiting for a level echoes its kept text back from an edit screen: that is left alone.
    const kept = riskLevelFromText(body.riskLevel) === null && (await caller.plan.byId({ id: body._id }));
    if (!kept || kept.riskLevelUnmapped !== body.riskLevel) fields.riskLevel = riskFromText(body.riskLevel);
  }
  const texts = pickTexts(body);
  if (parseLegacyTermsPatch(texts).errors.length) {
    const current = await caller.plan.byId({ id: body._id });
    const unchanged = TEXT_TERM_FIELDS.every((f) => texts[f] === undefined || texts[f] === current[f]);
    if (current.annualRateBps === null && unchanged) return fields;
  }
  return { ...fields, ...parseTerms(texts) };
}

/** /api/v1/investment_plan/*. */
export const planRoutes: LegacyRoute[] = [
  // "craete": the legacy path is spelt so, and callers depend on it.
  legacyRoute({
    method: 'POST',
    path: '/investment_plan/craete',
    summary: 'Create an investment plan',
    description:
      'The terms are given as text (interestRate "7%", investmentLimit "$1,000 - $4,999", returns "Monthly", investmentDuration "2" years) and read into the plan\'s structured terms.',
    access: 'admin',
    body: ZLegacyPlanCreateBody,
    response: dataOf(ZLegacyPlan),
    status: 201,
    handle: async (caller, { body }) => ({ data: toLegacyPlan(await caller.plan.create(createInput(body))) }),
  }),
  legacyRoute({
    method: 'GET',
    path: '/investment_plan/get_all',
    summary: 'Every investment plan open to view (archived plans are hidden)',
    access: 'public',
    response: dataOf(z.array(ZLegacyPlan)),
    handle: async (caller) => ({ data: (await caller.plan.list()).map(toLegacyPlan) }),
  }),
  legacyRoute({
    method: 'POST',
    path: '/investment_plan/update',
    summary: 'Edit an investment plan',
    description:
      'The changed fields plus _id; with __v, a stale version is refused (409). Terms as text, as for craete; a change applies to new investments only.',
    access: 'admin',
    body: ZLegacyPlanUpdateBody,
    response: dataOf(ZLegacyPlan),
    errors: [404, 409],
    fieldNames: LEGACY_FIELD_NAMES,
    handle: async (caller, { body }) => ({
      data: toLegacyPlan(await caller.plan.update(await updateInput(caller, body))),
    }),
  }),
  // Legacy callers read the plan as the first item of a list.
  legacyRoute({
    method: 'GET',
    path: '/investment_plan/:id',
    summary: 'One investment plan, as a one-element list',
    access: 'public',
    response: dataOf(z.array(ZLegacyPlan)),
    errors: [400, 404],
    fieldNames: LEGACY_FIELD_NAMES,
    handle: async (caller, { id }) => ({ data: [toLegacyPlan(await caller.plan.byId({ id }))] }),
  }),
];
