import { randomUUID } from 'node:crypto';
import type { TPlan, ZPlanCreateInput, ZPlanUpdateInput } from '@vestora/contract';
import type { z } from 'zod';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import {
  deletePlanRow,
  findPlanById,
  insertPlan,
  listPlans,
  type PlanRecord,
  type PlanValues,
  updatePlanRow,
} from './plan.repo.ts';

type PlanCreate = z.output<typeof ZPlanCreateInput>;
type PlanUpdate = z.output<typeof ZPlanUpdateInput>;

export const PLAN_NOT_FOUND_MESSAGE = 'Investment plan not found.';
export const PLAN_CHANGED_MESSAGE = 'This plan was changed by someone else. Reload and try again.';

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
    totalReturn: row.total_return,
    investmentPlanDescription: row.description,
    investmentPlanImage: row.image,
    version: row.version,
  };
}

/** Wire field names to columns; fields left out stay undefined (Kysely skips them in an UPDATE). */
function toValues(input: Partial<PlanCreate>): Partial<PlanValues> {
  return {
    investment_plan_name: input.investmentPlanName,
    interest_rate: input.interestRate,
    investment_limit: input.investmentLimit,
    returns: input.returns,
    investment_duration: input.investmentDuration,
    capital_growth: input.capitalGrowth,
    risk_level: input.riskLevel,
    total_return: input.totalReturn,
    description: input.investmentPlanDescription,
    image: input.investmentPlanImage,
  };
}

export async function listAllPlans(db: Database): Promise<TPlan[]> {
  return (await listPlans(db)).map(toPublicPlan);
}

export async function getPlan(db: Database, id: string): Promise<TPlan> {
  const row = await findPlanById(db, id);
  if (!row) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND_MESSAGE);
  return toPublicPlan(row);
}

/** Creates a plan and its audit entry together. */
export function createPlan(db: Database, actorId: string, input: PlanCreate): Promise<TPlan> {
  return db.transaction().execute(async (trx) => {
    const row = await insertPlan(trx, randomUUID(), toValues(input) as PlanValues);
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

/** Changes the given fields; a given `version` that is no longer current is refused (409). */
export function updatePlan(db: Database, actorId: string, input: PlanUpdate): Promise<TPlan> {
  const { id, version, ...fields } = input;
  return db.transaction().execute(async (trx) => {
    const before = await findPlanById(trx, id, { forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND_MESSAGE);
    if (version !== undefined && version !== before.version)
      throw new AppError('VERSION_CONFLICT', PLAN_CHANGED_MESSAGE);
    const row = await updatePlanRow(trx, id, toValues(fields), version);
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

export function deletePlan(db: Database, actorId: string, id: string): Promise<{ ok: true }> {
  return db.transaction().execute(async (trx) => {
    const before = await findPlanById(trx, id, { forUpdate: true });
    if (!before || !(await deletePlanRow(trx, id))) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND_MESSAGE);
    await recordAudit(trx, {
      actorId,
      action: 'plan.delete',
      entityType: 'plan',
      entityId: id,
      before: toPublicPlan(before),
      after: null,
    });
    return { ok: true as const };
  });
}
