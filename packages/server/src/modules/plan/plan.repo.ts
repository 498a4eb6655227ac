import type { Kysely } from 'kysely';
import type { DB, PlanRow } from '../../db/schema.ts';

type Executor = Kysely<DB>;

const PLAN_COLUMNS = [
  'id',
  'investment_plan_name',
  'interest_rate',
  'investment_limit',
  'returns',
  'investment_duration',
  'capital_growth',
  'risk_level',
  'total_return',
  'description',
  'image',
  'version',
  'created_at',
] as const satisfies ReadonlyArray<keyof PlanRow>;

export type PlanRecord = Pick<PlanRow, (typeof PLAN_COLUMNS)[number]>;
/** The editable text columns of a plan. */
export type PlanValues = Omit<PlanRecord, 'id' | 'version' | 'created_at'>;

/** Every plan, oldest first (the order admins created them in). */
export function listPlans(db: Executor): Promise<PlanRecord[]> {
  return db.selectFrom('plans').select(PLAN_COLUMNS).orderBy('created_at').orderBy('id').execute();
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
  version?: number,
): Promise<PlanRecord | undefined> {
  return db
    .updateTable('plans')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: new Date() }))
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
