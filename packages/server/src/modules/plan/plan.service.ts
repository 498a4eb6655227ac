import { randomUUID } from 'node:crypto';
import {
  centsToDollars,
  deriveLegacyText,
  formatCents,
  planTermsFromWire,
  TERM_TO_WIRE,
  type TPlan,
  type Msg,
  type TPlanTerms,
  tr,
  ZPlanCreateInput,
  ZPlanTerms,
  type ZPlanUpdateInput,
} from '@vestora/contract';
import type { z } from 'zod';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import {
  countPlanInvestments,
  deletePlanRow,
  findPlanById,
  insertPlan,
  listPlans,
  type PlanRecord,
  type PlanValues,
  planTermColumns,
  type StoredPlanTerms,
  termsOf,
  updatePlanRow,
} from './plan.repo.ts';

type PlanCreate = z.output<typeof ZPlanCreateInput>;
type PlanUpdate = z.output<typeof ZPlanUpdateInput>;

export const PLAN_NOT_FOUND_MESSAGE = tr('plan.notFound', 'Investment plan not found.');
export const PLAN_CHANGED_MESSAGE = tr('plan.changed', 'This plan was changed by someone else. Reload and try again.');
export const PLAN_DELETED_MESSAGE = 'The plan was deleted.';
export const planArchivedMessage = (open: number) =>
  open > 0
    ? `The plan has ${open} open investment${open === 1 ? '' : 's'}, so it was archived instead of deleted: ` +
      'it is hidden from the list and takes no new investments, and its investments run to the end of their term.'
    : 'The plan has past investments on record, so it was archived instead of deleted: ' +
      'it is hidden from the list and takes no new investments, and its history stays readable.';

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/** A plan row as every caller sees it. */
export function toPublicPlan(row: PlanRecord): TPlan {
  return {
    id: row.id,
    investmentPlanName: row.investment_plan_name,
    interestRate: row.interest_rate,
    investmentLimit: row.investment_limit,
    returns: row.returns,
    investmentDuration: row.investment_duration,
    capitalGrowth: row.capital_growth,
    riskLevel: row.risk_level,
    riskLevelUnmapped: row.risk_level_unmapped,
    totalReturn: row.total_return,
    investmentPlanDescription: row.description,
    investmentPlanImage: row.image,
    version: row.version,
    annualRateBps: row.annual_rate_bps,
    minAmount: dollarsOrNull(row.min_amount_cents),
    maxAmount: dollarsOrNull(row.max_amount_cents),
    termMonths: row.term_months,
    payoutFrequency: row.payout_frequency,
    earlyExitAllowed: row.early_exit_allowed,
    capacity: dollarsOrNull(row.capacity_cents),
    remainingCapacity:
      row.capacity_cents === null ? null : centsToDollars(Math.max(0, row.capacity_cents - row.invested_cents)),
    status: row.status,
    openForInvesting: row.open_for_investing,
  };
}

/** The term columns plus the legacy text derived from them. */
function termValues(terms: TPlanTerms) {
  const text = deriveLegacyText(terms);
  return {
    ...planTermColumns(terms),
    interest_rate: text.interestRate,
    investment_limit: text.investmentLimit,
    returns: text.returns,
    investment_duration: text.investmentDuration,
    capital_growth: text.capitalGrowth,
    total_return: text.totalReturn,
  };
}

const wireName = (i: { path: PropertyKey[] }) => TERM_TO_WIRE[i.path[0] as keyof TPlanTerms] ?? String(i.path[0]);

/** The plan's terms after applying `patch`, checked as a whole (min ≤ max, frequency divides the term...). */
function mergeTerms(current: StoredPlanTerms | null, patch: Partial<TPlanTerms>): TPlanTerms {
  // A risk level still waiting for a choice must be chosen with the change (the schema says it is required).
  const merged = { earlyExitAllowed: false, capacityCents: null, ...current, ...patch };
  const r = ZPlanTerms.safeParse(merged);
  if (r.success) return r.data;
  const missing = r.error.issues.filter((i) => i.code === 'invalid_type' && i.input === undefined);
  if (!current && missing.length)
    throw new AppError(
      'BAD_INPUT',
      tr('plan.termsMissing', 'This plan has no readable terms yet; give all of them (missing: {fields}).', {
        fields: missing.map(wireName).join(', '),
      }),
    );
  throw new AppError('BAD_INPUT', r.error.issues.map((i) => `${wireName(i)}: ${i.message}`).join('; '));
}

export async function listAllPlans(db: Database, opts: { includeArchived?: boolean } = {}): Promise<TPlan[]> {
  return (await listPlans(db, opts)).map(toPublicPlan);
}

export async function getPlan(db: Database, id: string): Promise<TPlan> {
  const row = await findPlanById(db, id);
  if (!row) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND_MESSAGE);
  return toPublicPlan(row);
}

/** Creates a plan and its audit entry together; the text fields are derived from the terms. */
export function createPlan(db: Database, actorId: string, input: PlanCreate): Promise<TPlan> {
  const terms = mergeTerms(null, planTermsFromWire(input));
  return db.transaction().execute(async (trx) => {
    const row = await insertPlan(trx, randomUUID(), {
      investment_plan_name: input.investmentPlanName,
      description: input.investmentPlanDescription,
      image: input.investmentPlanImage,
      status: 'active',
      ...termValues(terms),
    });
    const plan = toPublicPlan(row);
    await recordAudit(trx, {
      actorId,
      action: 'plan.create',
      entityType: 'plan',
      entityId: plan.id,
      before: null,
      after: plan,
    });
    return plan;
  });
}

/**
 * Changes the given fields; a given `version` that is no longer current is refused (409). New terms apply
 * to new investments only: an investment keeps the terms it was made with.
 */
export function updatePlan(db: Database, actorId: string, input: PlanUpdate, now: Date): Promise<TPlan> {
  const { id, version, investmentPlanName, investmentPlanDescription, investmentPlanImage, ...wireTerms } = input;
  const given = planTermsFromWire(wireTerms);
  return db.transaction().execute(async (trx) => {
    const before = await findPlanById(trx, id, { forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND_MESSAGE);
    if (version !== undefined && version !== before.version)
      throw new AppError('VERSION_CONFLICT', PLAN_CHANGED_MESSAGE);
    const values: Partial<PlanValues> = {
      investment_plan_name: investmentPlanName,
      description: investmentPlanDescription,
      image: investmentPlanImage,
    };
    const current = termsOf(before);
    // Terms given as they already are change nothing (an edit screen sends them all back): so a rename of a plan
    // whose risk waits for a choice is not asked for one.
    const patch = Object.fromEntries(
      Object.entries(given).filter(([k, v]) => current?.[k as keyof TPlanTerms] !== v),
    ) as Partial<TPlanTerms>;
    const { riskLevel, earlyExitAllowed, capacityCents, ...numbers } = patch;
    if (!current && Object.keys(numbers).length === 0) {
      // A legacy plan without readable terms: what is not a number can still be edited, and it stays closed.
      Object.assign(values, {
        risk_level: riskLevel,
        ...(riskLevel !== undefined && { risk_level_unmapped: null }),
        early_exit_allowed: earlyExitAllowed,
        capacity_cents: capacityCents,
      } satisfies Partial<PlanValues>);
    } else if (Object.keys(patch).length > 0) {
      Object.assign(values, termValues(mergeTerms(current, patch)));
      // An archived plan stays closed whatever its terms.
      values.open_for_investing = before.status === 'active';
    }
    if (
      values.capacity_cents !== undefined &&
      values.capacity_cents !== null &&
      values.capacity_cents < before.invested_cents
    ) {
      throw new AppError(
        'BAD_INPUT',
        tr(
          'plan.capacityBelowInvested',
          'capacity: This plan already holds ${amount} in open investments; the capacity cannot be set below that.',
          { amount: formatCents(before.invested_cents) },
        ),
      );
    }
    const row = await updatePlanRow(trx, id, values, now, version);
    if (!row) throw new AppError('VERSION_CONFLICT', PLAN_CHANGED_MESSAGE);
    const after = toPublicPlan(row);
    await recordAudit(trx, {
      actorId,
      action: 'plan.update',
      entityType: 'plan',
      entityId: id,
      before: toPublicPlan(before),
      after,
    });
    return after;
  });
}

/**
 * Deletes a plan, or archives it when investments in it are still open (they run to the end of their
 * term; an archived plan is hidden from the list and takes no new investments).
 */
export function deletePlan(
  db: Database,
  actorId: string,
  id: string,
  now: Date,
): Promise<{ ok: true; outcome: 'deleted' | 'archived'; message: string }> {
  return db.transaction().execute(async (trx) => {
    const before = await findPlanById(trx, id, { forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND_MESSAGE);
    const { open, total } = await countPlanInvestments(trx, id);
    if (total > 0) {
      const row = await updatePlanRow(trx, id, { status: 'archived', open_for_investing: false }, now);
      await recordAudit(trx, {
        actorId,
        action: 'plan.archive',
        entityType: 'plan',
        entityId: id,
        before: toPublicPlan(before),
        after: row ? toPublicPlan(row) : null,
      });
      return { ok: true as const, outcome: 'archived' as const, message: planArchivedMessage(open) };
    }
    if (!(await deletePlanRow(trx, id))) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND_MESSAGE);
    await recordAudit(trx, {
      actorId,
      action: 'plan.delete',
      entityType: 'plan',
      entityId: id,
      before: toPublicPlan(before),
      after: null,
    });
    return { ok: true as const, outcome: 'deleted' as const, message: PLAN_DELETED_MESSAGE };
  });
}

/** The status changes an admin may make besides delete/archive: from which status, to which, and the audit action. */
const STATUS_CHANGES = {
  pause: { from: ['active'], to: 'paused', action: 'plan.pause' },
  resume: { from: ['paused'], to: 'active', action: 'plan.resume' },
  restore: { from: ['archived'], to: 'active', action: 'plan.restore' },
} as const;

const STATUS_REFUSALS = {
  pause: (status: string) =>
    tr('plan.pauseRefused', 'Only an active plan can be paused. This plan is {status}.', { status }),
  resume: (status: string) =>
    tr('plan.resumeRefused', 'Only a paused plan can be resumed. This plan is {status}.', { status }),
  restore: (status: string) =>
    tr('plan.restoreRefused', 'Only an archived plan can be restored. This plan is {status}.', { status }),
} satisfies Record<keyof typeof STATUS_CHANGES, (status: string) => Msg>;

/**
 * Pauses a plan (no new investments; its positions run on and are paid as before), resumes a paused one, or
 * restores an archived one to the list. A plan back to active takes investments again when it has readable terms.
 */
export function changePlanStatus(
  db: Database,
  actorId: string,
  id: string,
  change: keyof typeof STATUS_CHANGES,
  now: Date,
): Promise<TPlan> {
  const rule = STATUS_CHANGES[change];
  return db.transaction().execute(async (trx) => {
    const before = await findPlanById(trx, id, { forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND_MESSAGE);
    if (!(rule.from as readonly string[]).includes(before.status))
      throw new AppError('INVALID_STATE', STATUS_REFUSALS[change](before.status));
    const row = await updatePlanRow(
      trx,
      id,
      { status: rule.to, open_for_investing: rule.to === 'active' && termsOf(before) !== null },
      now,
    );
    if (!row) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND_MESSAGE);
    const after = toPublicPlan(row);
    await recordAudit(trx, {
      actorId,
      action: rule.action,
      entityType: 'plan',
      entityId: id,
      before: toPublicPlan(before),
      after,
    });
    return after;
  });
}
