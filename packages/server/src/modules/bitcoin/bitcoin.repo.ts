import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { formatEnglish, type Msg } from '@vestora/contract';
import type { DB } from '../../db/schema.ts';

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
    .select(['seq', 'script_hex', 'user_id', 'address'])
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

/** A payment seen (mempool or block): inserted once per outpoint; a later sighting in a block sets its block. */
export async function upsertSeenPayment(
  db: Db,
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
  const insert = db.insertInto('deposits').values({
    id: randomUUID(),
    user_id: p.userId,
    amount_cents: 0,
    reference: `${p.txid}:${p.vout}`,
    status: 'seen',
    idempotency_key: `bitcoin:${p.txid}:${p.vout}`,
    created_at: p.at,
    method: 'bitcoin',
    btc_txid: p.txid,
    btc_vout: p.vout,
    btc_sats: p.sats,
    btc_address: p.address,
    btc_block_height: p.blockHeight,
    btc_block_hash: p.blockHash,
  });
  if (p.blockHeight === null) {
    await insert
      .onConflict((oc) => oc.columns(['btc_txid', 'btc_vout']).where('btc_txid', 'is not', null).doNothing())
      .execute();
    return;
  }
  await insert
    .onConflict((oc) =>
      oc
        .columns(['btc_txid', 'btc_vout'])
        .where('btc_txid', 'is not', null)
        .doUpdateSet({ btc_block_height: p.blockHeight, btc_block_hash: p.blockHash }),
    )
    .execute();
}

/** Payments in blocks above the fork point: they lose their block (ids and statuses, to move held ones back). */
export async function unlinkPaymentsAbove(db: Db, height: number) {
  return db
    .updateTable('deposits')
    .set({ btc_block_height: null, btc_block_hash: null })
    .where('method', '=', 'bitcoin')
    .where('btc_block_height', '>', height)
    .returning(['id', 'status'])
    .execute();
}

/** Payments with a block at or below `maxHeight` still waiting (seen or held): due for credit. */
export function findDuePayments(db: Db, maxHeight: number) {
  return db
    .selectFrom('deposits')
    .innerJoin('users', 'users.id', 'deposits.user_id')
    .select([
      'deposits.id',
      'deposits.status',
      'deposits.btc_sats',
      'deposits.user_id',
      'deposits.btc_txid',
      'deposits.btc_vout',
      'deposits.btc_resolved_by',
      'users.closed_at',
    ])
    .where('deposits.status', 'in', ['seen', 'held'])
    .where('deposits.btc_review', 'is', null)
    .where('deposits.btc_block_height', '<=', maxHeight)
    .orderBy('deposits.btc_block_height')
    .execute();
}

/** Credited payments whose block left the chain and that are not yet an exception. */
export function findCreditedWithoutBlock(db: Db) {
  return db
    .selectFrom('deposits')
    .select(['id', 'user_id', 'btc_txid', 'btc_vout', 'btc_sats', 'amount_cents'])
    .where('method', '=', 'bitcoin')
    .where('status', '=', 'confirmed')
    .where('btc_block_height', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bitcoin_exceptions')
            .select('bitcoin_exceptions.id')
            .whereRef(
              'bitcoin_exceptions.key',
              '=',
              sql<string>`'reorged:' || deposits.btc_txid || ':' || deposits.btc_vout`,
            ),
        ),
      ),
    )
    .execute();
}

export async function setPaymentBlock(db: Db, id: string, height: number, hash: string): Promise<void> {
  await db
    .updateTable('deposits')
    .set({ btc_block_height: height, btc_block_hash: hash })
    .where('id', '=', id)
    .execute();
}

/** One exception row per problem (the key is unique; a repeat inserts nothing). */
export async function insertException(
  db: Db,
  e: {
    key: string;
    kind: 'reorged' | 'dust' | 'payout_mismatch' | 'closed_account' | 'amount_mismatch';
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

/** Cents credited from Bitcoin payments since `since`. */
export async function sumCreditedSince(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('cents'))
    .where('method', '=', 'bitcoin')
    .where('status', '=', 'confirmed')
    .where('reviewed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
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

/** A payout's open exception is resolved by the chain itself: its transaction confirmed paying the member. */
export async function resolvePayoutException(db: Db, withdrawalId: string, at: Date): Promise<void> {
  await db
    .updateTable('bitcoin_exceptions')
    .set({ resolved_at: at })
    .where('key', '=', `payout:${withdrawalId}`)
    .where('resolved_at', 'is', null)
    .execute();
}

/** The payments already recorded for these outpoints (`txid:vout`), with the amount read then. */
export async function findPaymentsByOutpoint(db: Db, outpoints: { txid: string; vout: number }[]) {
  if (outpoints.length === 0) return [];
  return db
    .selectFrom('deposits')
    .select(['id', 'status', 'btc_txid', 'btc_vout', 'btc_sats', 'btc_resolved_by', 'user_id'])
    .where('method', '=', 'bitcoin')
    .where('btc_txid', 'in', [...new Set(outpoints.map((o) => o.txid))])
    .execute();
}

/** Holds a payment for an admin: its reads disagree (nothing is credited while `btc_review` is set). */
export async function holdForReview(db: Db, id: string, why: string, blockSats: number | null) {
  await db
    .updateTable('deposits')
    .set({ btc_review: why, ...(blockSats === null ? {} : { btc_sats: blockSats }) })
    .where('id', '=', id)
    .where('status', 'in', ['seen', 'held'])
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
  const r = await trx
    .updateTable('deposits')
    .set({ btc_sats: p.sats, btc_review: null, btc_resolved_by: p.adminId })
    .where('btc_txid', '=', p.txid)
    .where('btc_vout', '=', p.vout)
    .where('status', 'in', ['seen', 'held'])
    .where('btc_review', 'is not', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('bitcoin_exceptions')
    .set({ resolved_by: p.adminId, resolved_at: p.at })
    .where('id', '=', p.exceptionId)
    .execute();
  return true;
}
