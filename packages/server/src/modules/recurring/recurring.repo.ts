// Recurring buys' reads and writes (#31). A period's row (recurring_buy_runs, unique (recurring_buy_id, period))
// is the proof it was decided; the buy's own row, locked, says whether it may still be decided.
import { randomUUID } from 'node:crypto';
import type { Msg } from '@vestora/contract';
import { type Kysely, sql, type Selectable, type Transaction } from 'kysely';
import type { DB, RecurringBuyRunTable, RecurringBuyTable, RecurringRunReason } from '../../db/schema.ts';

type Exec = Kysely<DB> | Transaction<DB>;
export type RecurringBuyRow = Selectable<RecurringBuyTable>;
export type RecurringRunRow = Selectable<RecurringBuyRunTable> & { to_amount: string | null };

export async function insertRecurringBuy(
  db: Exec,
  row: Omit<RecurringBuyRow, 'status' | 'next_period'> & { next_period?: number },
): Promise<RecurringBuyRow> {
  return db.insertInto('recurring_buys').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A member's buy under a row lock (null: none of theirs, or deleted). */
export function lockOwnRecurringBuy(trx: Transaction<DB>, userId: string, id: string) {
  return trx
    .selectFrom('recurring_buys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '<>', 'deleted')
    .forUpdate()
    .executeTakeFirst();
}

export function lockRecurringBuy(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('recurring_buys').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findRecurringBuy(db: Exec, id: string) {
  return db.selectFrom('recurring_buys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateRecurringBuy(
  trx: Transaction<DB>,
  id: string,
  set: Partial<Pick<RecurringBuyRow, 'status' | 'next_period' | 'next_due_at' | 'not_before'>>,
  now: Date,
): Promise<RecurringBuyRow> {
  return trx
    .updateTable('recurring_buys')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function countLiveRecurringBuys(db: Exec, userId: string): Promise<number> {
  return db
    .selectFrom('recurring_buys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '<>', 'deleted')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** The ids of active buys whose next period is due at `now`, oldest due first (the index recurring_buys_due_idx). */
export async function dueRecurringBuyIds(db: Exec, now: Date, max: number): Promise<string[]> {
  const rows = await db
    .selectFrom('recurring_buys')
    .select('id')
    .where('status', '=', 'active')
    .where('next_due_at', '<=', now)
    .orderBy('next_due_at')
    .limit(max)
    .execute();
  return rows.map((r) => r.id);
}

export interface NewRun {
  recurring_buy_id: string;
  period: number;
  due_at: Date;
  status: 'bought' | 'skipped';
  reason_code: RecurringRunReason | null;
  reason: Msg | null;
  trade_id: string | null;
  created_at: Date;
}

/** Writes decided periods once each; returns the periods written (a period already decided is left as it was). */
export async function insertRuns(trx: Transaction<DB>, runs: NewRun[]): Promise<Set<number>> {
  if (runs.length === 0) return new Set();
  const rows = await trx
    .insertInto('recurring_buy_runs')
    .values(
      runs.map((r) => ({
        id: randomUUID(),
        ...r,
        reason: r.reason === null ? null : JSON.stringify(r.reason),
      })),
    )
    .onConflict((oc) => oc.columns(['recurring_buy_id', 'period']).doNothing())
    .returning('period')
    .execute();
  return new Set(rows.map((r) => r.period));
}

export function listOwnRecurringBuys(db: Exec, userId: string): Promise<RecurringBuyRow[]> {
  return db
    .selectFrom('recurring_buys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '<>', 'deleted')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Runs of the given buys, newest first, with the coin amount a bought period got. */
export function listRunsOf(db: Exec, buyIds: string[]): Promise<RecurringRunRow[]> {
  if (buyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('recurring_buy_runs as r')
    .leftJoin('trades as t', 't.id', 'r.trade_id')
    .select([
      'r.id',
      'r.recurring_buy_id',
      'r.period',
      'r.due_at',
      'r.status',
      'r.reason_code',
      'r.reason',
      'r.trade_id',
      'r.created_at',
      sql<string | null>`t.to_amount::text`.as('to_amount'),
    ])
    .where('r.recurring_buy_id', 'in', buyIds)
    .orderBy('r.recurring_buy_id')
    .orderBy('r.period', 'desc')
    .execute();
}

/** The admins' Overview: counts of buys and of periods decided since `since`, and the latest skips. */
export async function recurringFigures(db: Exec, since: Date) {
  const [buys, runs, skips] = await Promise.all([
    db
      .selectFrom('recurring_buys')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('recurring_buy_runs')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('created_at', '>=', since)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('recurring_buy_runs as r')
      .innerJoin('recurring_buys as b', 'b.id', 'r.recurring_buy_id')
      .select(['r.recurring_buy_id', 'b.user_id', 'b.asset', 'r.period', 'r.reason_code', 'r.reason', 'r.created_at'])
      .where('r.status', '=', 'skipped')
      .orderBy('r.created_at', 'desc')
      .orderBy('r.period', 'desc')
      .limit(10)
      .execute(),
  ]);
  const count = (rows: { status: string; n: string }[], status: string) =>
    Number(rows.find((r) => r.status === status)?.n ?? 0);
  return {
    active: count(buys, 'active'),
    paused: count(buys, 'paused'),
    bought: count(runs, 'bought'),
    skipped: count(runs, 'skipped'),
    skips,
  };
}
