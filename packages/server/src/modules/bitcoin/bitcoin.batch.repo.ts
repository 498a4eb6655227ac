// Payout batches (#32): SQL only. The rules live in bitcoin.batch.service.ts and bitcoin.batch.settle.ts.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, PayoutBatchInput, PayoutBatchOutput } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Batches a list shows at most (newest first). */
export const LIST_MAX = 100;
/** Withdrawals one batch pays at most, and coins it may choose among (largest first). */
export const BATCH_MAX_WITHDRAWALS = 500;
const COINS_MAX = 2000;

const WITHDRAWAL_COLUMNS = [
  'id',
  'user_id',
  'method',
  'status',
  'details',
  'sats',
  'fee_sats',
  'payout_batch_id',
] as const;

/**
 * The approved Bitcoin withdrawals no batch carries, oldest first, locked; rows another build holds are skipped
 * (SKIP LOCKED), so two builds at once take different withdrawals.
 */
export function lockWaitingWithdrawals(trx: Transaction<DB>) {
  return trx
    .selectFrom('withdrawals')
    .select(WITHDRAWAL_COLUMNS)
    .where('method', '=', 'bitcoin')
    .where('status', '=', 'approved')
    .where('payout_batch_id', 'is', null)
    .orderBy('seq')
    .limit(BATCH_MAX_WITHDRAWALS)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** These withdrawals, locked in id order (the caller checks each is an approved Bitcoin one no batch carries). */
export function lockWithdrawals(trx: Transaction<DB>, ids: string[]) {
  return trx
    .selectFrom('withdrawals')
    .select(WITHDRAWAL_COLUMNS)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Our coins a batch may spend: confirmed in a block at or below `maxHeight` (so with BTC_CONFIRMATIONS at the
 * watcher's height), spent by nothing we have seen, reserved by no batch. Not locked: the build reserves the ones it
 * chooses with a guarded update (reserveCoins), so a build running at the same time never holds the others.
 */
export async function spendableCoins(trx: Transaction<DB>, maxHeight: number): Promise<PayoutBatchInput[]> {
  const rows = await trx
    .selectFrom('bitcoin_utxos')
    .select(['txid', 'vout', 'address', 'script_hex', 'chain', 'derivation_index', 'value_sats'])
    .where('reserved_by', 'is', null)
    .where('spent_by_txid', 'is', null)
    .where('confirmed_height', 'is not', null)
    .where('confirmed_height', '<=', maxHeight)
    .orderBy('value_sats', 'desc')
    .limit(COINS_MAX)
    .execute();
  return rows.map((r) => ({
    txid: r.txid,
    vout: r.vout,
    address: r.address,
    scriptHex: r.script_hex,
    chain: r.chain === 1 ? 1 : 0,
    index: r.derivation_index,
    sats: Number(r.value_sats),
  }));
}

/** Total satoshis of coins not yet confirmed enough, or reserved (what the "not enough coins" refusal names). */
export async function unspendableSats(db: Db, maxHeight: number): Promise<{ waiting: number; reserved: number }> {
  const r = await sql<{ waiting: string; reserved: string }>`
    select
      coalesce(sum(value_sats) filter (where reserved_by is null and (confirmed_height is null or confirmed_height > ${maxHeight})), 0)::text as waiting,
      coalesce(sum(value_sats) filter (where reserved_by is not null), 0)::text as reserved
    from bitcoin_utxos where spent_by_txid is null`.execute(db);
  return { waiting: Number(r.rows[0]!.waiting), reserved: Number(r.rows[0]!.reserved) };
}

/** Sets the coins aside for `batchId`, each only if no batch has it and nothing spends it: answers how many it set. */
export async function reserveCoins(
  trx: Transaction<DB>,
  batchId: string,
  coins: { txid: string; vout: number }[],
): Promise<number> {
  const r = await trx
    .updateTable('bitcoin_utxos')
    .set({ reserved_by: batchId })
    .where((eb) => eb.or(coins.map((c) => eb.and([eb('txid', '=', c.txid), eb('vout', '=', c.vout)]))))
    .where('reserved_by', 'is', null)
    .where('spent_by_txid', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Gives the batch's coins back (cancelled). */
export async function releaseCoins(trx: Transaction<DB>, batchId: string): Promise<number> {
  const r = await trx
    .updateTable('bitcoin_utxos')
    .set({ reserved_by: null })
    .where('reserved_by', '=', batchId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The batch's coins that a transaction we have seen spends (txid, vout and the spender). */
export function spentCoinsOf(db: Db, batchId: string) {
  return db
    .selectFrom('bitcoin_utxos')
    .select(['txid', 'vout', 'spent_by_txid'])
    .where('reserved_by', '=', batchId)
    .where('spent_by_txid', 'is not', null)
    .execute();
}

/** Links the withdrawals to the batch, each only while approved and in no batch: answers how many it linked. */
export async function linkWithdrawals(trx: Transaction<DB>, batchId: string, ids: string[]): Promise<number> {
  const r = await trx
    .updateTable('withdrawals')
    .set({ payout_batch_id: batchId })
    .where('id', 'in', ids)
    .where('status', '=', 'approved')
    .where('payout_batch_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The withdrawals a cancelled batch carried wait for the next one. */
export async function unlinkWithdrawals(trx: Transaction<DB>, batchId: string): Promise<number> {
  const r = await trx
    .updateTable('withdrawals')
    .set({ payout_batch_id: null })
    .where('payout_batch_id', '=', batchId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The withdrawals of a batch in `status`, with their owners (for the exceptions). */
export function batchWithdrawals(db: Db, batchId: string, status: 'approved' | 'sent') {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'sats'])
    .where('payout_batch_id', '=', batchId)
    .where('status', '=', status)
    .orderBy('id')
    .execute();
}

/** The highest change index a batch has used, or -1. */
export async function maxBatchChangeIndex(db: Db): Promise<number> {
  const row = await db
    .selectFrom('bitcoin_payout_batches')
    .select((eb) => eb.fn.max('change_index').as('n'))
    .executeTakeFirst();
  return row?.n === null || row?.n === undefined ? -1 : Number(row.n);
}

export interface NewBatch {
  id: string;
  psbt: string;
  inputs: PayoutBatchInput[];
  outputs: PayoutBatchOutput[];
  change: { address: string; index: number; sats: number } | null;
  feeSats: number;
  feeRateSatKvb: number;
  createdBy: string;
  at: Date;
}

export async function insertBatch(trx: Transaction<DB>, b: NewBatch): Promise<void> {
  await trx
    .insertInto('bitcoin_payout_batches')
    .values({
      id: b.id,
      psbt: b.psbt,
      inputs: JSON.stringify(b.inputs),
      outputs: JSON.stringify(b.outputs),
      change_address: b.change?.address ?? null,
      change_index: b.change?.index ?? null,
      change_sats: b.change?.sats ?? null,
      fee_sats: b.feeSats,
      fee_rate_sat_kvb: b.feeRateSatKvb,
      exception: null,
      txid: null,
      raw_tx: null,
      missing_since: null,
      created_by: b.createdBy,
      created_at: b.at,
      sent_by: null,
      sent_at: null,
      cancelled_by: null,
      cancelled_at: null,
      paid_at: null,
      exception_at: null,
    })
    .execute();
}

/** One batch, locked until the transaction ends. */
export function lockBatch(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('bitcoin_payout_batches').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findBatch(db: Db, id: string) {
  return db.selectFrom('bitcoin_payout_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** built → sent with the broadcast transaction (guarded by the status): whether it moved. */
export async function markSent(
  trx: Transaction<DB>,
  id: string,
  s: { txid: string; rawTx: string; by: string; at: Date },
): Promise<boolean> {
  const r = await trx
    .updateTable('bitcoin_payout_batches')
    .set({ status: 'sent', txid: s.txid, raw_tx: s.rawTx, sent_by: s.by, sent_at: s.at })
    .where('id', '=', id)
    .where('status', '=', 'built')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** built → cancelled (guarded): whether it moved. */
export async function markCancelled(trx: Transaction<DB>, id: string, by: string, at: Date): Promise<boolean> {
  const r = await trx
    .updateTable('bitcoin_payout_batches')
    .set({ status: 'cancelled', cancelled_by: by, cancelled_at: at })
    .where('id', '=', id)
    .where('status', '=', 'built')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** sent (or an exception whose transaction confirmed after all) → paid (guarded): whether it moved. */
export async function markPaid(trx: Transaction<DB>, id: string, at: Date): Promise<boolean> {
  const r = await trx
    .updateTable('bitcoin_payout_batches')
    .set({ status: 'paid', exception: null, paid_at: at, missing_since: null })
    .where('id', '=', id)
    .where('status', 'in', ['sent', 'exception'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** sent → exception (guarded): whether it moved. */
export async function markException(
  trx: Transaction<DB>,
  id: string,
  kind: 'replaced' | 'dropped',
  at: Date,
): Promise<boolean> {
  const r = await trx
    .updateTable('bitcoin_payout_batches')
    .set({ status: 'exception', exception: kind, exception_at: at })
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** When the sent transaction was first missing from the block source (null: seen again). */
export async function setMissingSince(db: Db, id: string, at: Date | null): Promise<void> {
  await db.updateTable('bitcoin_payout_batches').set({ missing_since: at }).where('id', '=', id).execute();
}

/** Batches whose transaction the watcher follows: sent, and exceptions (which may still confirm). */
export function openBatches(db: Db) {
  return db
    .selectFrom('bitcoin_payout_batches')
    .select(['id', 'txid', 'fee_sats', 'status', 'missing_since', 'sent_at'])
    .where('status', 'in', ['sent', 'exception'])
    .orderBy('seq')
    .limit(LIST_MAX)
    .execute();
}

/** Batches, newest first. */
export function listBatches(db: Db) {
  return db.selectFrom('bitcoin_payout_batches').selectAll().orderBy('seq', 'desc').limit(LIST_MAX).execute();
}

/** A batch that confirmed after all: its withdrawals' payout_batch exceptions are resolved. */
export async function resolveBatchExceptions(db: Db, batchId: string, at: Date): Promise<void> {
  await db
    .updateTable('bitcoin_exceptions')
    .set({ resolved_at: at })
    .where('kind', '=', 'payout_batch')
    .where('key', 'like', `batch:${batchId}:%`)
    .where('resolved_at', 'is', null)
    .execute();
}
