// Trading's reads and writes (#30): the assets' terms, quotes, trades, and the platform's and a member's
// balances per asset. The coins move through money.move.ts, never here.
import { type Kysely, sql, type Selectable, type Transaction } from 'kysely';
import type { AssetTable, DB, TradeQuoteTable, TradeTable } from '../../db/schema.ts';
import { platformAccountId } from '../money/money.journal.repo.ts';

export type AssetRow = Selectable<AssetTable>;
export type QuoteRow = Selectable<TradeQuoteTable>;
export type TradeRow = Selectable<TradeTable>;
type Exec = Kysely<DB> | Transaction<DB>;

export function listAssetRows(db: Exec): Promise<AssetRow[]> {
  return db
    .selectFrom('assets')
    .selectAll()
    .orderBy(sql`code = 'USD'`, 'desc')
    .orderBy('code')
    .execute();
}

export function updateAssetRow(
  trx: Transaction<DB>,
  code: string,
  set: Partial<
    Pick<
      AssetRow,
      'tradable' | 'paused' | 'min_usd_cents' | 'max_usd_cents' | 'spread_bps' | 'fee_bps' | 'exposure_limit_usd_cents'
    >
  >,
  now: Date,
): Promise<AssetRow | undefined> {
  return trx
    .updateTable('assets')
    .set({ ...set, updated_at: now })
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirst();
}

export function lockAssetRow(trx: Transaction<DB>, code: string): Promise<AssetRow | undefined> {
  return trx.selectFrom('assets').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
}

/** In one read: a member's available balance of one asset and the treasury's balances of the given assets. */
export async function coverOf(
  db: Exec,
  userId: string,
  asset: string,
  treasuryAssets: string[],
): Promise<{ available: bigint; treasury: Map<string, bigint> }> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['asset', 'user_id', 'balance'])
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', userId), eb('kind', '=', 'available'), eb('asset', '=', asset)]),
        eb(
          'id',
          'in',
          treasuryAssets.map((a) => platformAccountId('treasury', a)),
        ),
      ]),
    )
    .execute();
  const mine = rows.find((r) => r.user_id !== null);
  return {
    available: mine ? BigInt(mine.balance) : 0n,
    treasury: new Map(rows.filter((r) => r.user_id === null).map((r) => [r.asset, BigInt(r.balance)])),
  };
}

/** The treasury's balances of the given assets (the platform's accounts of every asset exist from the start). */
export async function treasuryUnits(db: Exec, assets: string[]): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['asset', 'balance'])
    .where(
      'id',
      'in',
      assets.map((a) => platformAccountId('treasury', a)),
    )
    .execute();
  return new Map(rows.map((r) => [r.asset, BigInt(r.balance)]));
}

/** The member's row, FOR NO KEY UPDATE, as every money request of a member locks it first. */
export async function lockMember(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
}

export async function insertQuote(db: Exec, row: QuoteRow): Promise<void> {
  await db.insertInto('trade_quotes').values(row).execute();
}

export function lockQuote(trx: Transaction<DB>, id: string): Promise<QuoteRow | undefined> {
  return trx.selectFrom('trade_quotes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markQuoteAccepted(trx: Transaction<DB>, id: string, now: Date): Promise<boolean> {
  const r = await trx
    .updateTable('trade_quotes')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export function findTradeByQuote(db: Exec, quoteId: string): Promise<TradeRow | undefined> {
  return db.selectFrom('trades').selectAll().where('quote_id', '=', quoteId).executeTakeFirst();
}

export async function insertTrade(trx: Transaction<DB>, row: Omit<TradeRow, 'seq'>): Promise<TradeRow> {
  return trx.insertInto('trades').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A member's trades, newest first, after the cursor (a seq). */
export function listTradeRows(db: Exec, userId: string, opts: { beforeSeq?: string; limit: number }) {
  let q = db.selectFrom('trades').selectAll().where('user_id', '=', userId);
  if (opts.beforeSeq !== undefined) q = q.where('seq', '<', opts.beforeSeq);
  return q.orderBy('seq', 'desc').limit(opts.limit).execute();
}

/** Every trade of a member, oldest first (the portfolio's FIFO lots). */
export function allTradeRows(db: Exec, userId: string): Promise<TradeRow[]> {
  return db.selectFrom('trades').selectAll().where('user_id', '=', userId).orderBy('seq').execute();
}

/** A member's available balance of every asset they hold or held. */
export function memberBalances(db: Exec, userId: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['asset', 'balance'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'available')
    .execute();
}

/** What a member has set aside per asset: for open limit orders (#31) and for withdrawals. */
export async function memberHeld(db: Exec, userId: string): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['asset', sql<string>`sum(balance)::text`.as('held')])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['order_hold', 'withdrawal_hold'])
    .groupBy('asset')
    .execute();
  return new Map(rows.map((r) => [r.asset, BigInt(r.held)]));
}

/** Per asset: the treasury's balance, what members hold (every member account kind) and the revenue by coin. */
export async function treasuryRows(db: Exec) {
  const r = await sql<{ asset: string; treasury: string; members: string; revenue: string }>`
    select a.code as asset,
      coalesce((select balance from ledger_accounts t where t.user_id is null and t.kind = 'treasury' and t.asset = a.code), 0)::text as treasury,
      coalesce((select sum(balance) from ledger_accounts m where m.user_id is not null and m.asset = a.code), 0)::text as members,
      coalesce((select sum(spread_cents + fee_cents) from trades x
        where (x.to_asset = a.code) or (x.from_asset = a.code and x.to_asset = 'USD')), 0)::text as revenue
    from assets a order by a.code = 'USD' desc, a.code`.execute(db);
  return r.rows;
}

/** The platform's dollar revenue account. */
export async function revenueCents(db: Exec): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', platformAccountId('revenue', 'USD'))
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

/**
 * Coins a member received other than by a trade: Bitcoin deposits credited as BTC (#30), each with its dollar
 * value when credited (0 when no fresh price was seen: its cost is unknown) and the time of its credit.
 */
export async function receivedLots(db: Exec, userId: string) {
  const rows = await db
    .selectFrom('bitcoin_deposits as b')
    .innerJoin('deposits as d', 'd.id', 'b.deposit_id')
    .innerJoin('ledger_movements as m', (j) =>
      j.onRef('m.ref_id', '=', 'd.id').on('m.ref_type', '=', 'deposit').on('m.asset', '=', 'BTC'),
    )
    .select(['b.sats', 'b.value_cents', 'm.created_at'])
    .where('d.user_id', '=', userId)
    .where('b.credited_asset', '=', 'BTC')
    .orderBy('m.seq')
    .execute();
  return rows.map((r) => ({
    asset: 'BTC',
    amount: BigInt(r.sats),
    cost: BigInt(r.value_cents ?? 0),
    at: new Date(r.created_at),
  }));
}

/**
 * Deletes up to `batch` quotes that were never accepted and ran out before `before` (an accepted quote is its
 * trade's record and stays); answers how many.
 */
export async function deleteStaleQuotes(db: Exec, before: Date, batch: number): Promise<bigint> {
  const r = await db
    .deleteFrom('trade_quotes')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('trade_quotes')
        .select('id')
        .where('accepted_at', 'is', null)
        .where('expires_at', '<', before)
        .limit(batch),
    )
    .executeTakeFirst();
  return r.numDeletedRows;
}
