// Price alerts' reads and writes (#31). Firing is one guarded UPDATE (`armed` true → false) per coin and price:
// of two instances checking the same price, one changes the row and the other finds nothing to change.
import { type Kysely, sql, type Selectable, type Transaction } from 'kysely';
import type { DB, PriceAlertTable } from '../../db/schema.ts';

type Exec = Kysely<DB> | Transaction<DB>;
export type PriceAlertRow = Selectable<PriceAlertTable>;

/** numeric(38, 18) → its plain decimal ("100000.000000000000000000" → "100000"). */
export function trimDecimal(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

export function insertPriceAlert(
  db: Exec,
  row: Omit<PriceAlertRow, 'armed' | 'fired_count' | 'last_fired_at' | 'last_fired_price' | 'deleted_at'>,
) {
  return db.insertInto('price_alerts').values(row).returningAll().executeTakeFirstOrThrow();
}

export function countLivePriceAlerts(db: Exec, userId: string): Promise<number> {
  return db
    .selectFrom('price_alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** A member's live alerts, newest first, with the price at which a fired one re-arms (`pct` percent back). */
export function listOwnPriceAlerts(db: Exec, userId: string, pct: string) {
  return db
    .selectFrom('price_alerts')
    .select([
      'id',
      'asset',
      'direction',
      sql<string>`price::text`.as('level'),
      'armed',
      'fired_count',
      'created_at',
      sql<string>`round(case when direction = 'above' then price * (1 - ${pct}::numeric / 100)
        else price * (1 + ${pct}::numeric / 100) end, 18)::text`.as('rearm'),
    ])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function listFiringsOf(db: Exec, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('price_alert_firings')
    .select(['alert_id', 'crossing', sql<string>`price::text`.as('price'), 'price_at'])
    .where('alert_id', 'in', ids)
    .orderBy('alert_id')
    .orderBy('crossing', 'desc')
    .execute();
}

/** Marks a member's live alert deleted; false when none of theirs. */
export async function deleteOwnPriceAlert(trx: Transaction<DB>, userId: string, id: string, now: Date) {
  return trx
    .updateTable('price_alerts')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The coins that live alerts watch. */
export async function watchedAssets(db: Exec): Promise<string[]> {
  const rows = await db.selectFrom('price_alerts').select('asset').distinct().where('deleted_at', 'is', null).execute();
  return rows.map((r) => r.asset);
}

/** The condition "the price has reached the alert's level" (above: price ≥ level; below: price ≤ level). */
const reached = (price: string) => sql<boolean>`((direction = 'above' and price <= ${price}::numeric)
  or (direction = 'below' and price >= ${price}::numeric))`;

/**
 * Fires up to `max` armed alerts of `asset` that `price` has reached: one guarded UPDATE (armed true → false),
 * returning what it fired with its crossing's number (fired_count after the update). The rows are picked with
 * SKIP LOCKED, so another instance firing the same coin takes other rows (and its UPDATE's `armed` check keeps
 * any row it did pick from firing twice); a caller repeats until fewer than `max` come back.
 */
export function fireReached(trx: Transaction<DB>, asset: string, price: string, now: Date, max: number) {
  return trx
    .updateTable('price_alerts')
    .set((eb) => ({
      armed: false,
      fired_count: eb('fired_count', '+', 1),
      last_fired_at: now,
      last_fired_price: price,
    }))
    .where('armed', '=', true)
    .where(
      'id',
      'in',
      trx
        .selectFrom('price_alerts')
        .select('id')
        .where('asset', '=', asset)
        .where('deleted_at', 'is', null)
        .where('armed', '=', true)
        .where(reached(price))
        .limit(max)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'user_id', 'direction', sql<string>`price::text`.as('level'), 'fired_count'])
    .execute();
}

/** Re-arms the fired alerts of `asset` that `price` has moved back past by `pct` percent. */
export async function rearmMovedBack(trx: Exec, asset: string, price: string, pct: string): Promise<number> {
  const rows = await trx
    .updateTable('price_alerts')
    .set({ armed: true })
    .where('asset', '=', asset)
    .where('deleted_at', 'is', null)
    .where('armed', '=', false)
    .where((eb) =>
      eb.or([
        eb.and([eb('direction', '=', 'above'), sql<boolean>`${price}::numeric <= price * (1 - ${pct}::numeric / 100)`]),
        eb.and([eb('direction', '=', 'below'), sql<boolean>`${price}::numeric >= price * (1 + ${pct}::numeric / 100)`]),
      ]),
    )
    .returning('id')
    .execute();
  return rows.length;
}

export function insertFirings(
  trx: Transaction<DB>,
  rows: { alert_id: string; crossing: number; price: string; price_at: Date; created_at: Date }[],
) {
  if (rows.length === 0) return Promise.resolve([]);
  return trx.insertInto('price_alert_firings').values(rows).returning('alert_id').execute();
}

/** The admins' Overview: live alerts and crossings since `since`. */
export async function alertFigures(db: Exec, since: Date) {
  const [live, fired] = await Promise.all([
    db
      .selectFrom('price_alerts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('price_alert_firings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return { live: Number(live.n), fired: Number(fired.n) };
}
