// Limit orders' reads and writes (#31). The money they hold moves through money.move.ts, never here.
import { type Kysely, sql, type Selectable, type Transaction } from 'kysely';
import type { DB, LimitOrderTable } from '../../db/schema.ts';

export type OrderRow = Selectable<LimitOrderTable>;
type Exec = Kysely<DB> | Transaction<DB>;

export async function insertOrder(trx: Transaction<DB>, row: Omit<OrderRow, 'seq'>): Promise<OrderRow> {
  return trx.insertInto('limit_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

/** An open order, locked (its member's row is locked first by the caller); undefined once it is closed. */
export function lockOpenOrder(trx: Transaction<DB>, id: string): Promise<OrderRow | undefined> {
  return trx
    .selectFrom('limit_orders')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
}

export function findOrder(db: Exec, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('limit_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes an open order (guarded: only from `open`); false when it was closed meanwhile. */
export async function closeOrder(
  trx: Transaction<DB>,
  id: string,
  status: 'filled' | 'cancelled' | 'expired',
  now: Date,
  tradeId: string | null = null,
): Promise<boolean> {
  const r = await trx
    .updateTable('limit_orders')
    .set({ status, closed_at: now, trade_id: tradeId, waiting: null, waiting_at: null })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Why an open order could not fill at a price that reached its limit. */
export async function setWaiting(db: Exec, id: string, why: unknown, now: Date): Promise<void> {
  await db
    .updateTable('limit_orders')
    .set({ waiting: JSON.stringify(why) as unknown, waiting_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

/** A member's orders, newest first (at most 500), optionally of one status. */
export function listOrderRows(db: Exec, userId: string, status?: OrderRow['status']): Promise<OrderRow[]> {
  let q = db.selectFrom('limit_orders').selectAll().where('user_id', '=', userId);
  if (status) q = q.where('status', '=', status);
  return q.orderBy('seq', 'desc').limit(500).execute();
}

/**
 * The open orders of one coin that a feed price may fill, oldest first: buys whose limit is at least `buyAtLeast`,
 * sales whose limit is at most `sellAtMost` (decimal strings: a necessary condition, see candidateBounds), not
 * expired at `now`. Two range reads of limit_orders_open_idx, whatever the number of open orders.
 */
export function candidateOrders(
  db: Exec,
  asset: string,
  buyAtLeast: string,
  sellAtMost: string,
  now: Date,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('limit_orders')
    .selectAll()
    .where('asset', '=', asset)
    .where('status', '=', 'open')
    .where((eb) =>
      eb.or([
        eb.and([eb('side', '=', 'buy'), eb('limit_price', '>=', sql<string>`${buyAtLeast}::numeric`)]),
        eb.and([eb('side', '=', 'sell'), eb('limit_price', '<=', sql<string>`${sellAtMost}::numeric`)]),
      ]),
    )
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** Open orders whose expiry has come, oldest first. */
export function dueForExpiry(db: Exec, now: Date, limit: number): Promise<{ id: string; user_id: string }[]> {
  return db
    .selectFrom('limit_orders')
    .select(['id', 'user_id'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Per asset: what open orders hold (the ledger check compares it with the order_hold accounts). */
export async function heldByOpenOrders(db: Exec): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('limit_orders')
    .select(['held_asset', sql<string>`sum(held_units)::text`.as('held')])
    .where('status', '=', 'open')
    .groupBy('held_asset')
    .execute();
  return new Map(rows.map((r) => [r.held_asset, BigInt(r.held)]));
}

/** The admin overview's counts: open orders, and those that reached their price but could not fill. */
export async function orderCounts(db: Exec): Promise<{ open: number; failedToFill: number }> {
  const r = await db
    .selectFrom('limit_orders')
    .select([sql<string>`count(*)`.as('open'), sql<string>`count(*) filter (where waiting is not null)`.as('failed')])
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return { open: Number(r.open), failedToFill: Number(r.failed) };
}
