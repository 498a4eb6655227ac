import { tr } from '@vestora/contract';
import { randomUUID } from 'node:crypto';
import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import { newestFirstPage } from '../../db/page-query.ts';
import type {
  DB,
  DepositRow,
  InvestmentRow,
  LedgerKind,
  LedgerRefType,
  PlatformLedgerTable,
  WithdrawalRow,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

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
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

export interface BalanceChange {
  userId: string;
  kind: LedgerKind;
  /** Signed integer cents; never 0. */
  amountCents: number;
  refType: LedgerRefType;
  refId: string;
  actorId: string | null;
  memo?: string | null;
  /** When it happened, from the caller's clock (deps.clock). */
  at: Date;
}

/**
 * The only way a balance changes: one conditional UPDATE (the database refuses to go below zero, whatever
 * the concurrency) and the ledger entry, in the caller's transaction. Throws INSUFFICIENT_FUNDS for a debit
 * the balance cannot cover; the caller's transaction then rolls back whole. Only `modules/money/` calls it
 * (a lint rule): everyone else moves money through `moveMoney` or a flow's transition.
 */
export async function applyBalanceChange(
  trx: Transaction<DB>,
  change: BalanceChange,
): Promise<{ balanceAfterCents: number }> {
  if (!Number.isSafeInteger(change.amountCents) || change.amountCents === 0) {
    throw new Error(`applyBalanceChange: bad amount ${change.amountCents}`);
  }
  const updated = await trx
    .updateTable('users')
    .set({
      balance_cents: sql<number>`balance_cents + ${change.amountCents}`,
      // A balance change bumps the version, so an admin edit made on an older view is refused (409).
      version: sql<number>`version + 1`,
      updated_at: change.at,
    })
    .where('id', '=', change.userId)
    .where(sql<boolean>`balance_cents + ${change.amountCents} >= 0`)
    .returning('balance_cents')
    .executeTakeFirst();
  if (!updated) {
    const exists = await trx.selectFrom('users').select('id').where('id', '=', change.userId).executeTakeFirst();
    if (!exists) throw new AppError('NOT_FOUND', tr('money.userNotFound', 'That user does not exist.'));
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      tr('money.insufficientFunds', 'Insufficient funds: your balance does not cover this amount.'),
    );
  }
  await trx
    .insertInto('ledger_entries')
    .values({
      id: randomUUID(),
      user_id: change.userId,
      kind: change.kind,
      amount_cents: change.amountCents,
      balance_after_cents: updated.balance_cents,
      ref_type: change.refType,
      ref_id: change.refId,
      actor_id: change.actorId,
      memo: change.memo ?? null,
      created_at: change.at,
    })
    .execute();
  return { balanceAfterCents: updated.balance_cents };
}

/** The platform's side of a movement: what it pays a member (interest, referral rewards). */
export type PlatformEntry = Pick<PlatformLedgerTable, 'kind' | 'amount_cents' | 'user_id' | 'ref_type' | 'ref_id'>;

/** One entry in the platform's own ledger, dated by the caller's clock. */
export async function insertPlatformEntry(trx: Transaction<DB>, entry: PlatformEntry, at: Date): Promise<void> {
  await trx
    .insertInto('platform_ledger')
    .values({ id: randomUUID(), ...entry, created_at: at })
    .execute();
}

/** Rows per multi-row statement: far below PostgreSQL's 65,535 parameters at a dozen columns a row. */
const BATCH_ROWS = 500;

function inBatches<T>(items: T[]): T[][] {
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

/**
 * applyBalanceChange for many changes in the caller's transaction, in a few statements: the owners' rows locked
 * in id order, one UPDATE ... FROM (VALUES ...) per batch of owners adding each owner's sum (the database refuses
 * a balance below zero as for one change: the guard in the WHERE and the CHECK on the column), then the ledger
 * entries in multi-row inserts, each with the balance after it (changes of one owner apply in the given order; a
 * debit that would take a running balance below zero is refused, INSUFFICIENT_FUNDS, and the caller's
 * transaction rolls back whole).
 */
export async function applyBalanceChanges(
  trx: Transaction<DB>,
  changes: BalanceChange[],
): Promise<{ balanceAfterCents: number }[]> {
  for (const c of changes) {
    if (!Number.isSafeInteger(c.amountCents) || c.amountCents === 0)
      throw new Error(`applyBalanceChanges: bad amount ${c.amountCents}`);
  }
  if (changes.length === 0) return [];
  const byUser = new Map<string, { delta: number; n: number; at: Date }>();
  for (const c of changes) {
    const u = byUser.get(c.userId) ?? { delta: 0, n: 0, at: c.at };
    u.delta += c.amountCents;
    u.n += 1;
    if (c.at > u.at) u.at = c.at;
    byUser.set(c.userId, u);
  }
  const owners = [...byUser.keys()].sort();
  const after = new Map<string, number>();
  for (const part of inBatches(owners)) {
    // FOR NO KEY UPDATE in id order: the UPDATE below then waits on nobody, and two batches queue in one order.
    await trx.selectFrom('users').select('id').where('id', 'in', part).orderBy('id').forNoKeyUpdate().execute();
    const values = sql.join(
      part.map((id) => {
        const u = byUser.get(id)!;
        return sql`(${id}::uuid, ${u.delta}::bigint, ${u.n}::integer, ${u.at}::timestamptz)`;
      }),
    );
    const updated = await sql<{ id: string; balance_cents: string | number }>`
      update users u
         set balance_cents = u.balance_cents + v.delta, version = u.version + v.n, updated_at = v.at
        from (values ${values}) as v(id, delta, n, at)
       where u.id = v.id and u.balance_cents + v.delta >= 0
      returning u.id, u.balance_cents`.execute(trx);
    for (const r of updated.rows) after.set(r.id, Number(r.balance_cents));
    const refused = part.filter((id) => !after.has(id));
    if (refused.length > 0) {
      const exists = await trx.selectFrom('users').select('id').where('id', 'in', refused).execute();
      if (exists.length < refused.length)
        throw new AppError('NOT_FOUND', tr('money.userNotFound', 'That user does not exist.'));
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        tr('money.insufficientFunds', 'Insufficient funds: your balance does not cover this amount.'),
      );
    }
  }
  // Each entry's balance after it: from the balance before the batch, in the given order.
  const running = new Map(owners.map((id) => [id, after.get(id)! - byUser.get(id)!.delta]));
  const rows = changes.map((c) => {
    const balance = running.get(c.userId)! + c.amountCents;
    if (balance < 0)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        tr('money.insufficientFunds', 'Insufficient funds: your balance does not cover this amount.'),
      );
    running.set(c.userId, balance);
    return {
      id: randomUUID(),
      user_id: c.userId,
      kind: c.kind,
      amount_cents: c.amountCents,
      balance_after_cents: balance,
      ref_type: c.refType,
      ref_id: c.refId,
      actor_id: c.actorId,
      memo: c.memo ?? null,
      created_at: c.at,
    };
  });
  for (const part of inBatches(rows)) await trx.insertInto('ledger_entries').values(part).execute();
  return rows.map((r) => ({ balanceAfterCents: r.balance_after_cents }));
}

/** Many entries in the platform's own ledger, each dated by the caller's clock. */
export async function insertPlatformEntries(
  trx: Transaction<DB>,
  entries: { entry: PlatformEntry; at: Date }[],
): Promise<void> {
  for (const part of inBatches(entries)) {
    await trx
      .insertInto('platform_ledger')
      .values(part.map((e) => ({ id: randomUUID(), ...e.entry, created_at: e.at })))
      .execute();
  }
}
