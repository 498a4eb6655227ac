import {
  centsToDollars,
  checkTermsAsLegacy,
  type LegacyTextError,
  parseLegacyTermsPatch,
  type TLegacyTermField,
  type TPlanTerms,
} from '@vestora/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { bodyObject, type Caller, idParam, legacyHandler } from './handler.ts';
import { fromLegacyBody, LEGACY_FIELD_NAMES, toLegacyPlan } from './legacy-shapes.ts';

/**
 * Fields a plan read from this API carries that an edit screen echoes back but cannot set here: the
 * structured terms (legacy callers write the text fields), the state, and the two text fields that are
 * derived from the terms (capitalGrowth, totalReturn).
 */
const PLAN_READ_ONLY_ECHOES = [
  'createdAt',
  'updatedAt',
  'capitalGrowth',
  'totalReturn',
  'annualRateBps',
  'minAmount',
  'maxAmount',
  'termMonths',
  'payoutFrequency',
  'earlyExitAllowed',
  'capacity',
  'status',
  'openForInvesting',
] as const;

/** The legacy text fields read into terms (riskLevel is plain text and goes to the procedure as is). */
const TEXT_TERM_FIELDS = ['interestRate', 'investmentLimit', 'returns', 'investmentDuration'] as const;

function refuse(errors: LegacyTextError[]): never {
  throw new AppError('BAD_INPUT', errors.map((e) => `${e.field}: ${e.message}`).join('; '));
}

/** Terms in cents as the procedures' wire fields (dollars). */
function termsToWire(t: Partial<TPlanTerms>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (t.annualRateBps !== undefined) out.annualRateBps = t.annualRateBps;
  if (t.minAmountCents !== undefined) out.minAmount = centsToDollars(t.minAmountCents);
  if (t.maxAmountCents !== undefined) out.maxAmount = centsToDollars(t.maxAmountCents);
  if (t.termMonths !== undefined) out.termMonths = t.termMonths;
  if (t.payoutFrequency !== undefined) out.payoutFrequency = t.payoutFrequency;
  return out;
}

/** The body with its text terms ("7%", "$1,000 - $4,999", "Monthly", "2") replaced by the structured ones. */
function withParsedTerms(body: Record<string, unknown>, texts: Partial<Record<TLegacyTermField, unknown>>) {
  const { terms, errors } = parseLegacyTermsPatch(texts);
  if (errors.length) refuse(errors);
  const termErrors = checkTermsAsLegacy(terms);
  if (termErrors.length) refuse(termErrors);
  const rest = { ...body };
  for (const f of TEXT_TERM_FIELDS) delete rest[f];
  return { ...rest, ...termsToWire(terms) };
}

function pickTexts(body: Record<string, unknown>) {
  const texts: Partial<Record<TLegacyTermField, unknown>> = {};
  for (const f of TEXT_TERM_FIELDS) if (body[f] !== undefined) texts[f] = body[f];
  return texts;
}

/** A create body: every text term is required. */
function createInput(raw: Record<string, unknown>) {
  const { capitalGrowth: _g, totalReturn: _t, ...body } = raw; // derived from the terms now
  const missing = TEXT_TERM_FIELDS.filter((f) => body[f] === undefined).map((field) => ({
    field,
    message: 'is required',
  }));
  if (missing.length) refuse(missing);
  return withParsedTerms(body, pickTexts(body));
}

/**
 * An update body. A legacy plan whose text could not be read has no terms; an edit screen echoes that text
 * back unchanged, and then it is left alone (so the plan can still be renamed) instead of refused.
 */
async function updateInput(caller: Caller, raw: Record<string, unknown>) {
  const body = fromLegacyBody(raw, PLAN_READ_ONLY_ECHOES);
  const texts = pickTexts(body);
  if (parseLegacyTermsPatch(texts).errors.length && typeof body.id === 'string') {
    const current = await caller.plan.byId({ id: body.id });
    const unchanged = TEXT_TERM_FIELDS.every((f) => texts[f] === undefined || texts[f] === current[f]);
    if (current.annualRateBps === null && unchanged) {
      for (const f of TEXT_TERM_FIELDS) delete body[f];
      return body;
    }
  }
  return withParsedTerms(body, texts);
}

/** /api/v1/investment_plan/*. */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  // "craete": the legacy path is spelt so, and callers depend on it.
  app.post(
    '/investment_plan/craete',
    legacyHandler(
      async (caller, req) => ({ data: toLegacyPlan(await caller.plan.create(createInput(bodyObject(req)) as never)) }),
      { status: 201 },
    ),
  );
  app.get(
    '/investment_plan/get_all',
    legacyHandler(async (caller) => ({ data: (await caller.plan.list()).map(toLegacyPlan) })),
  );
  app.post(
    '/investment_plan/update',
    legacyHandler(
      async (caller, req) => {
        const input = await updateInput(caller, bodyObject(req));
        return { data: toLegacyPlan(await caller.plan.update(input as never)) };
      },
      { fieldNames: LEGACY_FIELD_NAMES },
    ),
  );
  // Legacy callers read the plan as the first item of a list.
  app.get(
    '/investment_plan/:id',
    legacyHandler(async (caller, req) => ({ data: [toLegacyPlan(await caller.plan.byId({ id: idParam(req) }))] }), {
      fieldNames: LEGACY_FIELD_NAMES,
    }),
  );
}
