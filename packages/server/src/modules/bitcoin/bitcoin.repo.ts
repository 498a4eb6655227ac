import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { formatEnglish, type Msg } from '@vestora/contract';
import type { BitcoinDepositRow, DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The member's stored deposit address, if one was derived. */
export function findAddress(db: Db, userId: string) {
  return db
    .selectFrom('bitcoin_addresses')
    .select(['address', 'derivation_index', 'script_hex'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The member's sign-up number: their address index. */
export async function findUserSeq(db: Db, userId: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('seq').where('id', '=', userId).executeTakeFirst();
  return row ? Number(row.seq) : undefined;
}

/** Stores a derived address once (a concurrent twin inserts nothing). */
export async function insertAddress(
  db: Db,
  row: { userId: string; index: number; address: string; scriptHex: string; at: Date },
): Promise<void> {
  await db
    .insertInto('bitcoin_addresses')
    .values({
      user_id: row.userId,
      derivation_index: row.index,
      address: row.address,
      script_hex: row.scriptHex,
      created_at: row.at,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Addresses stored after `afterSeq` (the watcher's index loads new ones by it). */
export function listAddressesAfter(db: Db, afterSeq: number) {
  return db
    .selectFrom('bitcoin_addresses')
    .select(['seq', 'script_hex', 'user_id', 'address', 'derivation_index'])
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .execute();
}

export async function countAddresses(db: Db): Promise<number> {
  const row = await db
    .selectFrom('bitcoin_addresses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The watcher's state row. */
export function readWatcher(db: Db) {
  return db.selectFrom('bitcoin_watcher').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/**
 * Takes or renews the scan lease: one guarded UPDATE, so of two instances asking together one wins; a lease
 * whose holder died expires at `until`.
 */
export async function takeLease(db: Db, owner: string, now: Date, until: Date): Promise<boolean> {
  const row = await db
    .updateTable('bitcoin_watcher')
    .set({ lease_owner: owner, lease_until: until })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_until', '<', now)]))
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/** Gives the lease up (on stop), so another instance may scan at once. */
export async function releaseLease(db: Db, owner: string): Promise<void> {
  await db
    .updateTable('bitcoin_watcher')
    .set({ lease_owner: null, lease_until: null })
    .where('id', '=', 1)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function updateWatcher(
  db: Db,
  set: Partial<{
    height: number | null;
    block_hash: string | null;
    tip_height: number | null;
    checked_at: Date;
    last_error: string | null;
    last_error_at: Date | null;
  }>,
): Promise<void> {
  await db.updateTable('bitcoin_watcher').set(set).where('id', '=', 1).execute();
}

/** Records a finished block (its hash kept for walking back after a reorg; old ones pruned). */
export async function recordBlock(db: Db, height: number, hash: string, keep: number): Promise<void> {
  await db
    .insertInto('bitcoin_blocks')
    .values({ height, hash })
    .onConflict((oc) => oc.column('height').doUpdateSet({ hash }))
    .execute();
  await db
    .deleteFrom('bitcoin_blocks')
    .where('height', '<=', height - keep)
    .execute();
}

export function findBlockHash(db: Db, height: number) {
  return db.selectFrom('bitcoin_blocks').select('hash').where('height', '=', height).executeTakeFirst();
}

/** Forgets blocks above the fork point. */
export async function dropBlocksAbove(db: Db, height: number): Promise<void> {
  await db.deleteFrom('bitcoin_blocks').where('height', '>', height).execute();
}

/**
 * A payment seen (mempool or block): recorded once per outpoint (its deposits row and its bitcoin_deposits row,
 * in the caller's transaction); a later sighting in a block sets its block.
 */
export async function upsertSeenPayment(
  trx: Transaction<DB>,
  p: {
    userId: string;
    txid: string;
    vout: number;
    sats: number;
    address: string;
    blockHeight: number | null;
    blockHash: string | null;
    at: Date;
  },
): Promise<void> {
  if (await seenAgain(trx, p)) return;
  const id = randomUUID();
  const key = `bitcoin:${p.txid}:${p.vout}`;
  const inserted = await trx
    .insertInto('deposits')
    .values({
      id,
      user_id: p.userId,
      amount_cents: 0,
      reference: `${p.txid}:${p.vout}`,
      status: 'seen',
      idempotency_key: key,
      created_at: p.at,
      method: 'bitcoin',
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    // A twin committed it meanwhile (READ COMMITTED: this statement sees it); else the key is another deposit's.
    if (await seenAgain(trx, p)) return;
    throw new Error(`the deposit key ${key} of member ${p.userId} is taken by another deposit`);
  }
  await trx
    .insertInto('bitcoin_deposits')
    .values({
      deposit_id: id,
      txid: p.txid,
      vout: p.vout,
      sats: p.sats,
      address: p.address,
      block_height: p.blockHeight,
      block_hash: p.blockHash,
    })
    .execute();
}

/** Whether the outpoint is recorded already (seen in a block now: its block is set). */
async function seenAgain(
  db: Db,
  p: { txid: string; vout: number; blockHeight: number | null; blockHash: string | null },
): Promise<boolean> {
  if (p.blockHeight === null) {
    const row = await db
      .selectFrom('bitcoin_deposits')
      .select('deposit_id')
      .where('txid', '=', p.txid)
      .where('vout', '=', p.vout)
      .executeTakeFirst();
    return row !== undefined;
  }
  const r = await db
    .updateTable('bitcoin_deposits')
    .set({ block_height: p.blockHeight, block_hash: p.blockHash })
    .where('txid', '=', p.txid)
    .where('vout', '=', p.vout)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Payments in blocks above the fork point: they lose their block (ids and statuses, to move held ones back). The
 * deposits rows are locked first, as the money core locks them.
 */
export async function unlinkPaymentsAbove(trx: Transaction<DB>, height: number) {
  const rows = await trx
    .selectFrom('deposits')
    .innerJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
    .select(['deposits.id', 'deposits.status', 'b.txid', 'b.vout', 'b.sats'])
    .where('b.block_height', '>', height)
    .orderBy('deposits.id')
    .forUpdate()
    .execute();
  if (rows.length === 0) return rows;
  await trx
    .updateTable('bitcoin_deposits')
    .set({ block_height: null, block_hash: null })
    .where(
      'deposit_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows;
}

/** Payments with a block at or below `maxHeight` still waiting (seen or held): due for credit. */
export function findDuePayments(db: Db, maxHeight: number) {
  return db
    .selectFrom('deposits')
    .innerJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
    .innerJoin('users', 'users.id', 'deposits.user_id')
    .select([
      'deposits.id',
      'deposits.status',
      'deposits.user_id',
      'b.txid',
      'b.vout',
      'b.sats',
      'b.address',
      'b.resolved_by',
      'users.closed_at',
    ])
    .where('deposits.status', 'in', ['seen', 'held'])
    .where('b.review', 'is', null)
    .where('b.block_height', '<=', maxHeight)
    .orderBy('b.block_height')
    .execute();
}

/** Credited payments whose block left the chain and that are not yet an exception. */
export function findCreditedWithoutBlock(db: Db) {
  return db
    .selectFrom('deposits')
    .innerJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
    .select([
      'deposits.id',
      'deposits.user_id',
      'b.txid',
      'b.vout',
      'b.sats',
      'deposits.amount_cents',
      'b.credited_asset',
    ])
    .where('deposits.status', '=', 'confirmed')
    .where('b.block_height', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bitcoin_exceptions')
            .select('bitcoin_exceptions.id')
            .whereRef('bitcoin_exceptions.key', '=', sql<string>`'reorged:' || b.txid || ':' || b.vout`),
        ),
      ),
    )
    .execute();
}

export async function setPaymentBlock(db: Db, id: string, height: number, hash: string): Promise<void> {
  await db
    .updateTable('bitcoin_deposits')
    .set({ block_height: height, block_hash: hash })
    .where('deposit_id', '=', id)
    .execute();
}

/** What a credit was: its asset, and the price seen and the dollar value at it (in the credit's transaction). */
export async function setPaymentCredit(
  trx: Db,
  id: string,
  c: Pick<BitcoinDepositRow, 'credited_asset' | 'price_cents' | 'price_at' | 'value_cents'>,
): Promise<void> {
  await trx
    .updateTable('bitcoin_deposits')
    .set({
      credited_asset: c.credited_asset,
      price_cents: c.price_cents,
      price_at: c.price_at,
      value_cents: c.value_cents,
    })
    .where('deposit_id', '=', id)
    .execute();
}

/** The chain facts of these Bitcoin deposits, by deposit id. */
export async function findChainFacts(db: Db, ids: string[]): Promise<Map<string, BitcoinDepositRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('bitcoin_deposits').selectAll().where('deposit_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.deposit_id, r]));
}

/** One exception row per problem (the key is unique; a repeat inserts nothing). */
export async function insertException(
  db: Db,
  e: {
    key: string;
    kind: 'reorged' | 'dust' | 'payout_mismatch' | 'closed_account' | 'amount_mismatch' | 'payout_batch';
    userId: string;
    txid: string;
    vout: number | null;
    sats: number | null;
    amountCents: number | null;
    withdrawalId: string | null;
    /** What is wrong: stored in English and as the descriptor the admin screen translates. */
    detail: Msg;
    at: Date;
  },
): Promise<boolean> {
  const r = await db
    .insertInto('bitcoin_exceptions')
    .values({
      id: randomUUID(),
      key: e.key,
      kind: e.kind,
      user_id: e.userId,
      txid: e.txid,
      vout: e.vout,
      sats: e.sats,
      amount_cents: e.amountCents,
      withdrawal_id: e.withdrawalId,
      detail: formatEnglish(e.detail),
      // As JSON text, like the notifications' descriptors.
      detail_msg: JSON.stringify(e.detail) as unknown as Msg,
      created_at: e.at,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Exceptions, newest first, with the member's email. */
export function listExceptions(db: Db, limit: number) {
  return db
    .selectFrom('bitcoin_exceptions as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.id',
      'e.kind',
      'e.user_id',
      'u.email as user_email',
      'e.txid',
      'e.vout',
      'e.sats',
      'e.amount_cents',
      'e.withdrawal_id',
      'e.detail',
      'e.detail_msg',
      'e.created_at',
      'e.resolved_at',
    ])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/** What Bitcoin payments credited since `since`: dollars (credits before #30) and satoshis (credits as BTC). */
export async function sumCreditedSince(db: Db, since: Date): Promise<{ cents: number; sats: number }> {
  const row = await db
    .selectFrom('deposits')
    .innerJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('deposits.amount_cents'), sql<string>`0`).as('cents'),
      sql<string>`coalesce(sum(b.sats) filter (where b.credited_asset = 'BTC'), 0)`.as('sats'),
    ])
    .where('deposits.method', '=', 'bitcoin')
    .where('deposits.status', '=', 'confirmed')
    .where('deposits.reviewed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { cents: Number(row.cents), sats: Number(row.sats) };
}

/**
 * Crypto payouts waiting for the network (#34): sent with a transaction id and the satoshis it must pay, least
 * recently checked first (so a long queue is gone through in turn), served by withdrawals_crypto_sent_idx.
 */
export function findSentCryptoPayouts(db: Db, limit: number) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'details', 'payout_reference', 'payout_sats', 'amount_cents', 'reviewed_at'])
    .where('method', '=', 'crypto')
    .where('status', '=', 'sent')
    .orderBy(sql`payout_checked_at nulls first`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** When the checker last asked about this payout (only while it is still sent). */
export async function markPayoutChecked(db: Db, withdrawalId: string, at: Date): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({ payout_checked_at: at })
    .where('id', '=', withdrawalId)
    .where('status', '=', 'sent')
    .execute();
}

/** The checker's verdict on a payout: found paying the member (ok) or an exception (not ok); the latest stands. */
export async function recordPayoutCheck(db: Db, withdrawalId: string, txid: string, ok: boolean, at: Date) {
  await db
    .insertInto('bitcoin_payout_checks')
    .values({ withdrawal_id: withdrawalId, txid, ok, checked_at: at })
    .onConflict((oc) => oc.column('withdrawal_id').doUpdateSet({ txid, ok, checked_at: at }))
    .execute();
}

/**
 * A payout's open exception is resolved: by the chain itself (its transaction confirmed paying the member; `by`
 * null), or by the admin whose approval gave the payout back to the member (#34).
 */
export async function resolvePayoutException(
  db: Db,
  withdrawalId: string,
  at: Date,
  by: string | null = null,
): Promise<void> {
  await db
    .updateTable('bitcoin_exceptions')
    .set({ resolved_at: at, resolved_by: by })
    .where('key', '=', `payout:${withdrawalId}`)
    .where('resolved_at', 'is', null)
    .execute();
}

/** The payments already recorded for these outpoints (`txid:vout`), with the amount read then. */
export async function findPaymentsByOutpoint(db: Db, outpoints: { txid: string; vout: number }[]) {
  if (outpoints.length === 0) return [];
  return db
    .selectFrom('deposits')
    .innerJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
    .select(['deposits.id', 'deposits.status', 'b.txid', 'b.vout', 'b.sats', 'b.resolved_by', 'deposits.user_id'])
    .where('b.txid', 'in', [...new Set(outpoints.map((o) => o.txid))])
    .execute();
}

/**
 * The deposit of a payment still waiting (seen or held), locked (the deposits row first, as the money core locks
 * it), so its status cannot change before the caller's write to its chain row; undefined once credited.
 */
async function lockWaiting(trx: Db, where: { id: string } | { txid: string; vout: number }) {
  const row = await trx
    .selectFrom('deposits')
    .innerJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
    .select(['deposits.id', 'deposits.status'])
    .where((eb) =>
      'id' in where
        ? eb('deposits.id', '=', where.id)
        : eb.and([eb('b.txid', '=', where.txid), eb('b.vout', '=', where.vout)]),
    )
    .forUpdate('deposits')
    .executeTakeFirst();
  return row && (row.status === 'seen' || row.status === 'held') ? row : undefined;
}

/** Holds a payment for an admin: its reads disagree (nothing is credited while `review` is set). */
export async function holdForReview(db: Db, id: string, why: string, blockSats: number | null) {
  if (!(await lockWaiting(db, { id }))) return;
  await db
    .updateTable('bitcoin_deposits')
    .set({ review: why, ...(blockSats === null ? {} : { sats: blockSats }) })
    .where('deposit_id', '=', id)
    .execute();
}

/** An open amount_mismatch exception, locked. */
export function lockAmountException(trx: Db, id: string) {
  return trx
    .selectFrom('bitcoin_exceptions')
    .select(['id', 'kind', 'txid', 'vout', 'user_id', 'resolved_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The admin's amount: the payment is credited for it at the next tick, the exception is resolved. */
export async function resolveAmount(
  trx: Db,
  p: { exceptionId: string; txid: string; vout: number; sats: number; adminId: string; at: Date },
): Promise<boolean> {
  const d = await lockWaiting(trx, { txid: p.txid, vout: p.vout });
  if (!d) return false;
  const r = await trx
    .updateTable('bitcoin_deposits')
    .set({ sats: p.sats, review: null, resolved_by: p.adminId })
    .where('deposit_id', '=', d.id)
    .where('review', 'is not', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('bitcoin_exceptions')
    .set({ resolved_by: p.adminId, resolved_at: p.at })
    .where('id', '=', p.exceptionId)
    .execute();
  return true;
}
