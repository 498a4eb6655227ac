import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import { newestFirstPage } from '../../db/page-query.ts';
import type { DB, DepositRow, InvestmentRow, WithdrawalRow } from '../../db/schema.ts';

/** Tables that hold a money flow: rows with an owner, a status, an amount and an idempotency key. */
interface FlowRows {
  deposits: DepositRow;
  withdrawals: WithdrawalRow;
  investments: InvestmentRow;
}
export type FlowTable = keyof FlowRows;
export type FlowRow<T extends FlowTable> = FlowRows[T];
export type FlowStatus<T extends FlowTable> = FlowRows[T]['status'];
/** A flow row with its owner's email, as lists and answers show it. */
export type FlowView<T extends FlowTable> = FlowRow<T> & { user_email: string };

// Kysely cannot type one query over a union of tables. Every flow table has id, seq, user_id, status,
// amount_cents and idempotency_key (the FlowTable type above only admits such tables), so the generic
// queries below are written once against an untyped view of the same connection.
const untyped = (db: Kysely<DB>) => db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Inserts a new flow row unless this user already used the idempotency key. On a clash with a request
 * still in flight PostgreSQL waits for that transaction: if it commits, nothing is inserted (`undefined`)
 * and the winner's row is visible to the next statement; if it rolls back, this insert goes on.
 */
export async function insertFlowIfNewKey<T extends FlowTable>(
  db: Kysely<DB>,
  table: T,
  values: Insertable<DB[T]>,
): Promise<FlowRow<T> | undefined> {
  return untyped(db)
    .insertInto(table as string)
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst() as Promise<FlowRow<T> | undefined>;
}

/** The row a user made with an idempotency key, if any. */
export async function findFlowByKey<T extends FlowTable>(
  db: Kysely<DB>,
  table: T,
  userId: string,
  idempotencyKey: string,
): Promise<FlowRow<T> | undefined> {
  return untyped(db)
    .selectFrom(table as string)
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst() as Promise<FlowRow<T> | undefined>;
}

/** One flow row, locked until the transaction ends, so its status cannot change under the caller. */
export async function lockFlowRow<T extends FlowTable>(
  trx: Transaction<DB>,
  table: T,
  id: string,
): Promise<FlowRow<T> | undefined> {
  return untyped(trx)
    .selectFrom(table as string)
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst() as Promise<FlowRow<T> | undefined>;
}

/** Moves a row from `from` to `to` (and sets `set`); guarded in SQL by the expected status. */
export async function updateFlowStatus<T extends FlowTable>(
  trx: Transaction<DB>,
  table: T,
  id: string,
  from: string,
  set: Updateable<DB[T]>,
): Promise<FlowRow<T> | undefined> {
  return untyped(trx)
    .updateTable(table as string)
    .set(set as Record<string, unknown>)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst() as Promise<FlowRow<T> | undefined>;
}

/** Newest first, `limit + 1` rows, each with its owner's email. */
export async function listFlowRows<T extends FlowTable>(
  db: Kysely<DB>,
  table: T,
  filter: { userId?: string | undefined; status?: string | undefined; beforeSeq?: number; limit: number },
): Promise<FlowView<T>[]> {
  const q = untyped(db)
    .selectFrom(`${table as string} as r`)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select('u.email as user_email');
  return newestFirstPage(q, 'r', { user_id: filter.userId, status: filter.status }, filter).execute() as Promise<
    FlowView<T>[]
  >;
}

/**
 * Locks the user's row until the transaction ends and counts their `table` rows in `status`: requests of
 * one user that check such a count queue here, so two of them cannot both see room for one more.
 */
export async function lockUserAndCountFlows<T extends FlowTable>(
  trx: Transaction<DB>,
  table: T,
  userId: string,
  status: FlowStatus<T>,
): Promise<number> {
  // FOR NO KEY UPDATE, not FOR UPDATE: it serialises this user's requests (it conflicts with itself and with a
  // balance UPDATE) but not with the KEY SHARE lock a concurrent request's insert takes on the user row through
  // its foreign key, which that request later upgrades by updating the balance. FOR UPDATE waited on that KEY
  // SHARE and the upgrade then waited on it: a deadlock (seen in money/concurrency.pg.test.ts under load).
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
  const row = await untyped(trx)
    .selectFrom(table as string)
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The email shown next to money items; the owner always exists (users are never deleted under money rows). */
export async function findUserEmail(db: Kysely<DB>, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.email;
}

/** When and at whose request an admin got the role through an approved request (nulls: CLI-made, or not one). */
export function findAdminGrant(
  db: Kysely<DB>,
  userId: string,
): Promise<{ admin_granted_at: Date | null; admin_granted_by: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['admin_granted_at', 'admin_granted_by'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Rows per multi-row statement: far below PostgreSQL's 65,535 parameters at a dozen columns a row. */
export const BATCH_ROWS = 500;

export function inBatches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH_ROWS) out.push(items.slice(i, i + BATCH_ROWS));
  return out;
}

/** Many flow rows, locked until the transaction ends, in id order (so two batches lock in one order). */
export async function lockFlowRows<T extends FlowTable>(
  trx: Transaction<DB>,
  table: T,
  ids: string[],
): Promise<FlowRow<T>[]> {
  const out: FlowRow<T>[] = [];
  for (const part of inBatches([...new Set(ids)].sort())) {
    out.push(
      ...((await untyped(trx)
        .selectFrom(table as string)
        .selectAll()
        .where('id', 'in', part)
        .orderBy('id')
        .forUpdate()
        .execute()) as FlowRow<T>[]),
    );
  }
  return out;
}

/** Inserts many new flow rows, each unless its owner already used its key (see insertFlowIfNewKey): the new ones. */
export async function insertFlowsIfNewKeys<T extends FlowTable>(
  db: Kysely<DB>,
  table: T,
  values: Insertable<DB[T]>[],
): Promise<FlowRow<T>[]> {
  const out: FlowRow<T>[] = [];
  for (const part of inBatches(values)) {
    out.push(
      ...((await untyped(db)
        .insertInto(table as string)
        .values(part)
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .returningAll()
        .execute()) as FlowRow<T>[]),
    );
  }
  return out;
}

/** Moves many rows from `from` (each guarded in SQL by it) and sets `set` on each: the rows it moved. */
export async function updateFlowStatuses<T extends FlowTable>(
  trx: Transaction<DB>,
  table: T,
  ids: string[],
  from: string,
  set: Updateable<DB[T]>,
): Promise<FlowRow<T>[]> {
  const out: FlowRow<T>[] = [];
  for (const part of inBatches(ids)) {
    out.push(
      ...((await untyped(trx)
        .updateTable(table as string)
        .set(set as Record<string, unknown>)
        .where('id', 'in', part)
        .where('status', '=', from)
        .returningAll()
        .execute()) as FlowRow<T>[]),
    );
  }
  return out;
}

/** The emails of these users, by id. */
export async function findUserEmails(db: Kysely<DB>, userIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of inBatches([...new Set(userIds)])) {
    for (const r of await db.selectFrom('users').select(['id', 'email']).where('id', 'in', part).execute())
      found.set(r.id, r.email);
  }
  return found;
}
