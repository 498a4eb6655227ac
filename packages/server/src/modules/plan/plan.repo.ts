import type { TPlanTerms } from '@vestora/contract';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-query.ts';
import type { DB, PlanRow } from '../../db/schema.ts';

type Executor = Kysely<DB>;

export const PLAN_COLUMNS = [
  'id',
  'investment_plan_name',
  'interest_rate',
  'investment_limit',
  'returns',
  'investment_duration',
  'capital_growth',
  'risk_level',
  'risk_level_unmapped',
  'total_return',
  'annual_rate_bps',
  'min_amount_cents',
  'max_amount_cents',
  'term_months',
  'payout_frequency',
  'early_exit_allowed',
  'capacity_cents',
  'status',
  'open_for_investing',
  'description',
  'image',
  'version',
  'created_at',
  'invested_cents',
] as const satisfies ReadonlyArray<keyof PlanRow>;

export type PlanRecord = Pick<PlanRow, (typeof PLAN_COLUMNS)[number]>;
/** The editable columns of a plan. */
export type PlanValues = Omit<PlanRecord, 'id' | 'version' | 'created_at' | 'invested_cents'>;

/** The term columns for a whole set of terms; a plan with terms is open for investing. */
export function planTermColumns(t: TPlanTerms) {
  return {
    annual_rate_bps: t.annualRateBps,
    min_amount_cents: t.minAmountCents,
    max_amount_cents: t.maxAmountCents,
    term_months: t.termMonths,
    payout_frequency: t.payoutFrequency,
    risk_level: t.riskLevel,
    risk_level_unmapped: null,
    early_exit_allowed: t.earlyExitAllowed,
    capacity_cents: t.capacityCents,
    open_for_investing: true,
  } satisfies Partial<PlanValues>;
}

/** A plan's terms as stored: the risk level may still wait for an admin's choice (#34). */
export type StoredPlanTerms = Omit<TPlanTerms, 'riskLevel'> & { riskLevel: TPlanTerms['riskLevel'] | null };

/** The plan's terms, or null for a legacy plan whose text could not be read. */
export function termsOf(row: PlanRecord): StoredPlanTerms | null {
  if (
    row.annual_rate_bps === null ||
    row.min_amount_cents === null ||
    row.max_amount_cents === null ||
    row.term_months === null ||
    row.payout_frequency === null
  )
    return null;
  return {
    annualRateBps: row.annual_rate_bps,
    minAmountCents: row.min_amount_cents,
    maxAmountCents: row.max_amount_cents,
    termMonths: row.term_months,
    payoutFrequency: row.payout_frequency,
    riskLevel: row.risk_level,
    earlyExitAllowed: row.early_exit_allowed,
    capacityCents: row.capacity_cents,
  };
}

/** The two plan lists, compiled once (plan.list is the hottest public read). */
const listUnarchivedPlans = compiledOnce(0, (db) =>
  db.selectFrom('plans').select(PLAN_COLUMNS).where('status', '!=', 'archived').orderBy('created_at').orderBy('id'),
);
const listEveryPlan = compiledOnce(0, (db) =>
  db.selectFrom('plans').select(PLAN_COLUMNS).orderBy('created_at').orderBy('id'),
);

/** Plans oldest first (the order admins created them in): active and paused; archived ones only when asked for. */
export function listPlans(db: Executor, opts: { includeArchived?: boolean } = {}): Promise<PlanRecord[]> {
  return opts.includeArchived === true ? listEveryPlan(db) : listUnarchivedPlans(db);
}

export function findPlanById(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<PlanRecord | undefined> {
  return db
    .selectFrom('plans')
    .select(PLAN_COLUMNS)
    .where('id', '=', id)
    .$if(opts.forUpdate === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function insertPlan(db: Executor, id: string, values: PlanValues): Promise<PlanRecord> {
  return db
    .insertInto('plans')
    .values({ id, ...values })
    .returning(PLAN_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Applies `values` and bumps the version; with `version`, only if the row still has it. */
export function updatePlanRow(
  db: Executor,
  id: string,
  values: Partial<PlanValues>,
  now: Date,
  version?: number,
): Promise<PlanRecord | undefined> {
  return db
    .updateTable('plans')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .$if(version !== undefined, (qb) => qb.where('version', '=', version!))
    .returning(PLAN_COLUMNS)
    .executeTakeFirst();
}

/** Deletes a plan; true when it existed. */
export async function deletePlanRow(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('plans').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * The positions a plan has had: `open` still running, `total` ever. A plan with any is archived instead
 * of deleted (its positions, even closed ones, keep referring to it).
 */
export async function countPlanInvestments(db: Executor, planId: string): Promise<{ open: number; total: number }> {
  const row = await db
    .selectFrom('investments')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('status', '=', 'active').as('open'),
    ])
    .where('plan_id', '=', planId)
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), total: Number(row.total) };
}
