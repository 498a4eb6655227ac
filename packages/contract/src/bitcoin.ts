import { z } from 'zod';
import { type Msg, tr } from './i18n.ts';

/**
 * A Bitcoin payment to a member's deposit address: `seen` (in the mempool or in a block with fewer than the
 * required confirmations), `confirmed` (credited once: as BTC, the satoshis received, since #30; in dollars at
 * the market price then, before), `held` (before #30 only: enough confirmations, but no fresh market price; such a
 * payment is now credited as BTC at the watcher's next pass).
 */
export const ZBitcoinDepositStatus = z.enum(['seen', 'confirmed', 'held']);
export type TBitcoinDepositStatus = z.infer<typeof ZBitcoinDepositStatus>;

/** A Bitcoin deposit as deposit.list shows it (one per outpoint, txid:vout). */
export const ZBitcoinDeposit = z.object({
  method: z.literal('bitcoin'),
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  txid: z.string(),
  vout: z.number().int(),
  sats: z.number().int(),
  /** Blocks on top of (and including) the payment's block; 0 while it is only in the mempool. */
  confirmations: z.number().int(),
  /** How many confirmations credit it (BTC_CONFIRMATIONS). */
  confirmationsRequired: z.number().int(),
  status: ZBitcoinDepositStatus,
  /**
   * What the credit was (confirmed only; null before): 'BTC', the `sats` on the member's Bitcoin holdings (#30);
   * 'USD', dollars (`amount`) at `price` (credits before #30).
   */
  credited: z.enum(['USD', 'BTC']).nullable(),
  /** Dollars credited to the dollar balance (a confirmed 'USD' credit only; null otherwise). */
  amount: z.number().nullable(),
  /** A 'BTC' credit's value in dollars at `price`, the price seen then (informational); null without a fresh price. */
  valueUsd: z.number().nullable(),
  /** The BTC price in dollars seen at the credit (confirmed only; null when none was fresh). */
  price: z.number().nullable(),
  /** When the market source quoted that price (confirmed only). */
  priceAt: z.string().nullable(),
  /** The receiving address. */
  address: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type TBitcoinDeposit = z.infer<typeof ZBitcoinDeposit>;

/** deposit.instructions().bitcoin: the member's own address (absent when BTC_XPUB is unset). */
export const ZBitcoinInstructions = z.object({
  address: z.string(),
  /** BIP21: `bitcoin:<address>` (what the QR code carries). */
  uri: z.string(),
  /** Confirmations before a payment is credited (BTC_CONFIRMATIONS). */
  confirmations: z.number().int(),
});
export type TBitcoinInstructions = z.infer<typeof ZBitcoinInstructions>;

/** bitcoin.status() (admin): the chain watcher. Heights are null until the first block is read. */
export const ZBitcoinStatus = z.object({
  /** False when BTC_XPUB is unset (nothing runs; the other figures are empty). */
  enabled: z.boolean(),
  /** The last block the watcher finished. */
  height: z.number().int().nullable(),
  /** The source's tip when last read. */
  tipHeight: z.number().int().nullable(),
  /** tipHeight - height. */
  lag: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** When the watcher last read the tip successfully. */
  checkedAt: z.string().nullable(),
  /** Dollars credited from Bitcoin payments since midnight UTC (credits in dollars were made before #30 only). */
  creditedToday: z.number(),
  /** Satoshis credited as BTC from Bitcoin payments since midnight UTC (#30). */
  creditedTodaySats: z.number().int(),
});
export type TBitcoinStatus = z.infer<typeof ZBitcoinStatus>;

/**
 * bitcoin.exceptions() (admin): `reorged` a credited payment whose transaction is no longer in the chain (the
 * ledger is not rewritten: an adjustment by another admin is the remedy); `dust` a payment under BTC_DUST_SATS
 * (not credited); `payout_mismatch` a Bitcoin withdrawal marked sent whose transaction does not pay the member's
 * address at least the declared satoshis, or is still unknown or unconfirmed after BTC_PAYOUT_WINDOW_HOURS (it
 * stays `sent`; it becomes `paid`, and the exception resolved, if the transaction confirms later); `amount_mismatch` a payment whose reads disagree (the mempool's, the block's, the
 * confirmed transaction's amount): held, not credited, until an admin resolves it (bitcoin.resolveAmount);
 * `payout_batch` (#32) a withdrawal whose payout batch's transaction was replaced (another transaction spends its
 * coins) or dropped (gone from the block source for an hour): it stays `sent`, its funds held; it becomes `paid`
 * if that transaction still confirms.
 */
export const ZBitcoinExceptionKind = z.enum([
  'reorged',
  'dust',
  'payout_mismatch',
  'closed_account',
  'amount_mismatch',
  'payout_batch',
]);
export type TBitcoinExceptionKind = z.infer<typeof ZBitcoinExceptionKind>;

/**
 * What the watcher says about each exception (#34: admins read it in their language). `first` and `second` are the
 * two reads of an amount ("546 sats (the block)"), kept as the watcher wrote them.
 */
export const BITCOIN_EXCEPTION_TEXT = {
  dust: (v: { sats: number; address: string; min: number }): Msg =>
    tr('bitcoin.exception.dust', '{sats} sats to {address} is under the dust minimum ({min} sats): not credited.', v),
  closedAccount: (): Msg =>
    tr(
      'bitcoin.exception.closedAccount',
      'Paid to an account its member closed: not credited. Return it to the sender.',
    ),
  reorgedInMempool: (): Msg =>
    tr(
      'bitcoin.exception.reorgedInMempool',
      'Credited, but its block left the chain and the transaction is back in the mempool, unconfirmed.',
    ),
  reorgedUnknown: (): Msg =>
    tr(
      'bitcoin.exception.reorgedUnknown',
      'Credited, but its block left the chain and the block source no longer knows the transaction.',
    ),
  payoutElsewhere: (v: { address: string }): Msg =>
    tr(
      'bitcoin.exception.payoutElsewhere',
      "The transaction does not pay the member's withdrawal address {address}.",
      v,
    ),
  payoutUnknown: (): Msg => tr('bitcoin.exception.payoutUnknown', 'The block source does not know this transaction.'),
  payoutShort: (v: { address: string; paid: number; expected: number }): Msg =>
    tr(
      'bitcoin.exception.payoutShort',
      'The transaction pays {address} {paid} sats, less than the {expected} sats declared: the withdrawal stays sent, not paid.',
      v,
    ),
  payoutNotSeen: (v: { hours: number }): Msg =>
    tr(
      'bitcoin.exception.payoutNotSeen',
      'The block source still does not know this transaction {hours} hours after it was marked sent: the withdrawal stays sent, not paid.',
      v,
    ),
  payoutUnconfirmed: (v: { hours: number; confirmations: number }): Msg =>
    tr(
      'bitcoin.exception.payoutUnconfirmed',
      'The transaction pays the member but has fewer than {confirmations} confirmations {hours} hours after it was marked sent: the withdrawal stays sent, not paid.',
      v,
    ),
  amountsHeld: (v: { first: string; second: string }): Msg =>
    tr(
      'bitcoin.exception.amountsHeld',
      'The block source reported {first} and {second} for this payment: held, not credited, until an admin checks the transaction and resolves the amount.',
      v,
    ),
  batchReplaced: (v: { txid: string; by: string }): Msg =>
    tr(
      'bitcoin.exception.batchReplaced',
      'The payout batch transaction {txid} was replaced: transaction {by} spends its coins. The withdrawal stays sent, its funds held; check what {by} pays.',
      v,
    ),
  batchDropped: (v: { txid: string }): Msg =>
    tr(
      'bitcoin.exception.batchDropped',
      'The payout batch transaction {txid} is gone from the block source (not in a block, not in the mempool) for an hour. The withdrawal stays sent, its funds held; broadcast the signed transaction again or check its coins.',
      v,
    ),
  amountsCredited: (v: { first: string; second: string }): Msg =>
    tr(
      'bitcoin.exception.amountsCredited',
      'Credited for {first}, but the block source now reports {second}: check the transaction.',
      v,
    ),
};

export const ZBitcoinException = z.object({
  id: z.string(),
  kind: ZBitcoinExceptionKind,
  userId: z.string(),
  userEmail: z.string(),
  txid: z.string(),
  /** The output (deposits); null for a payout. */
  vout: z.number().int().nullable(),
  sats: z.number().int().nullable(),
  /** Dollars: the credited amount (reorged) or the withdrawal's amount (payout_mismatch); null for dust. */
  amount: z.number().nullable(),
  /** The withdrawal concerned (payout_mismatch). */
  withdrawalId: z.string().nullable(),
  /** What is wrong, in English words (as stored). */
  detail: z.string(),
  /** The same as a message descriptor, shown in the admin's language; null on rows written before #34. */
  detailMsg: z
    .object({
      id: z.string(),
      message: z.string(),
      values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .nullable(),
  createdAt: z.string(),
  /** When an admin resolved it (amount_mismatch: bitcoin.resolveAmount); null while open. */
  resolvedAt: z.string().nullable(),
});
export type TBitcoinException = z.infer<typeof ZBitcoinException>;

/** bitcoin.resolveAmount: the admin checked the transaction; the payment is credited for `sats` at the next tick. */
export const ZBitcoinResolveAmountInput = z.strictObject({
  exceptionId: z.uuid(),
  sats: z.number().int().positive().max(2_100_000_000_000_000),
});

export const ZBitcoinExceptionList = z.object({ items: z.array(ZBitcoinException) });
export type TBitcoinExceptionList = z.infer<typeof ZBitcoinExceptionList>;

/**
 * bitcoin.utxos() (admin, #32): the coins we hold, every output paying an address of BTC_XPUB (the members'
 * external chain m/0/i and our change chain m/1/i) that no transaction in a block spends yet, newest first.
 */
export const ZBitcoinUtxo = z.object({
  txid: z.string(),
  vout: z.number().int(),
  address: z.string(),
  chain: z.enum(['external', 'change']),
  /** The address's index on its chain (m/0/index or m/1/index). */
  index: z.number().int(),
  /** In BTC, a decimal string with 8 places. */
  amount: z.string(),
  sats: z.string(),
  /** 0 while in the mempool; tip - block height + 1 once in a block. */
  confirmations: z.number().int(),
  confirmedHeight: z.number().int().nullable(),
  /** A transaction in the mempool spending it (a spend in a block takes it off the list). */
  spentByTxid: z.string().nullable(),
  /** The payout batch it is set aside for. */
  reservedBy: z.string().nullable(),
  firstSeenAt: z.string(),
});
export type TBitcoinUtxo = z.infer<typeof ZBitcoinUtxo>;
export const ZBitcoinUtxoList = z.object({
  /** The source's tip when last read (null before the first read). */
  tipHeight: z.number().int().nullable(),
  /** BTC in outputs that are in a block and not spent in one: what the reserves count. */
  confirmed: z.string(),
  /** BTC in outputs still in the mempool. */
  unconfirmed: z.string(),
  items: z.array(ZBitcoinUtxo),
  /** More outputs than the list shows. */
  truncated: z.boolean(),
});
export type TBitcoinUtxoList = z.infer<typeof ZBitcoinUtxoList>;
