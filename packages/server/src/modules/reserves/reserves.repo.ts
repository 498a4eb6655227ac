// Reserves (#32): SQL only.
import { type Kysely, sql, type Transaction } from 'kysely';
import type {
  DB,
  LiabilityLeafTable,
  LiabilityNodeTable,
  LiabilityTreeTable,
  ReserveSnapshotTable,
} from '../../db/schema.ts';
import type { Insertable } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

/** Every asset with its scale, by code. */
export function listAssets(db: Db) {
  return db.selectFrom('assets').select(['code', 'scale']).orderBy('code').execute();
}

/**
 * Per asset: what members hold (every member account: available, set aside for withdrawals and orders, invested)
 * and the treasury's balance, in one statement (one snapshot of the journal).
 */
export async function liabilityTotals(db: Db): Promise<{ asset: string; members: string; treasury: string }[]> {
  const r = await sql<{ asset: string; members: string; treasury: string }>`
    select a.code as asset,
      coalesce((select sum(balance) from ledger_accounts m where m.user_id is not null and m.asset = a.code), 0)::text
        as members,
      coalesce((select sum(balance) from ledger_accounts t
                 where t.user_id is null and t.kind = 'treasury' and t.asset = a.code), 0)::text as treasury
    from assets a order by a.code`.execute(db);
  return r.rows;
}

/** Every user's balance per asset (one row per user and asset they have an account of), in one statement. */
export async function memberBalances(db: Db): Promise<{ user_id: string; asset: string | null; balance: string }[]> {
  const r = await sql<{ user_id: string; asset: string | null; balance: string }>`
    select u.id as user_id, m.asset, coalesce(sum(m.balance), 0)::text as balance
      from users u
      left join ledger_accounts m on m.user_id = u.id
     group by u.id, m.asset`.execute(db);
  return r.rows;
}

/** The latest approved bank statement in dollars: its closing balance and the day it closes. */
export function lastDollarStatement(db: Db) {
  return db
    .selectFrom('statements')
    .select(['closing_cents', 'to_date', 'approved_at'])
    .where('status', '=', 'approved')
    .where('currency', '=', 'USD')
    .orderBy(sql`to_date desc nulls last`)
    .orderBy('approved_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listDeclarations(db: Db) {
  return db.selectFrom('reserve_declarations').selectAll().execute();
}

/** Declares (or declares again) an asset's reserves; answers the declaration before, if any. */
export async function upsertDeclaration(
  trx: Transaction<DB>,
  row: { asset: string; amount: string; note: string | null; by: string | null; at: Date },
) {
  const before = await trx
    .selectFrom('reserve_declarations')
    .selectAll()
    .where('asset', '=', row.asset)
    .forUpdate()
    .executeTakeFirst();
  await trx
    .insertInto('reserve_declarations')
    .values({ asset: row.asset, amount: row.amount, note: row.note, declared_by: row.by, declared_at: row.at })
    .onConflict((oc) =>
      oc.column('asset').doUpdateSet({ amount: row.amount, note: row.note, declared_by: row.by, declared_at: row.at }),
    )
    .execute();
  return before;
}

/** Snapshots of closed months, newest first. */
export function listSnapshots(db: Db, months: number) {
  return db
    .selectFrom('reserve_snapshots')
    .selectAll()
    .where(
      'month',
      'in',
      db.selectFrom('reserve_snapshots').select('month').distinct().orderBy('month', 'desc').limit(months),
    )
    .orderBy('month', 'desc')
    .orderBy('asset')
    .execute();
}

/** The tree of `month`, or the latest one. */
export function findTree(db: Db, month?: string) {
  let q = db.selectFrom('liability_trees').selectAll();
  q = month ? q.where('month', '=', month) : q.orderBy('month', 'desc').limit(1);
  return q.executeTakeFirst();
}

export function findLeaf(db: Db, month: string, userId: string) {
  return db
    .selectFrom('liability_leaves')
    .select(['position', 'leaf_id', 'salt'])
    .where('month', '=', month)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The nodes at (level, position) pairs of a month's tree. */
export function findNodes(db: Db, month: string, at: { level: number; position: number }[]) {
  if (at.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('liability_nodes')
    .select(['level', 'position', 'hash', 'sums'])
    .where('month', '=', month)
    .where((eb) => eb.or(at.map((p) => eb.and([eb('level', '=', p.level), eb('position', '=', p.position)]))))
    .execute();
}

/** Rows inserted per statement. */
const INSERT_BATCH = 1000;

/** The month's tree, unless it is there already (then undefined: another instance published it). */
export function insertTree(trx: Transaction<DB>, row: Insertable<LiabilityTreeTable>) {
  return trx
    .insertInto('liability_trees')
    .values(row)
    .onConflict((oc) => oc.column('month').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function insertNodes(trx: Transaction<DB>, rows: Insertable<LiabilityNodeTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await trx
      .insertInto('liability_nodes')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

export async function insertLeaves(trx: Transaction<DB>, rows: Insertable<LiabilityLeafTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await trx
      .insertInto('liability_leaves')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

export async function insertSnapshots(trx: Transaction<DB>, rows: Insertable<ReserveSnapshotTable>[]): Promise<void> {
  await trx.insertInto('reserve_snapshots').values(rows).execute();
}
