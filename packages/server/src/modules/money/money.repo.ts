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
