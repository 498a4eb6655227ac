import { z } from 'zod';

/**
 * A Bitcoin payout batch (#32): one transaction paying approved Bitcoin withdrawals, built here as an unsigned
 * PSBT from confirmed coins of BTC_XPUB, signed offline by the operator and uploaded back. `built` (its coins set
 * aside, waiting for the signed PSBT), `sent` (broadcast, waiting for BTC_CONFIRMATIONS), `paid` (confirmed: its
 * withdrawals paid), `cancelled` (before sending: coins and withdrawals released), `exception` (sent, then
 * replaced by another transaction spending its coins, or gone from the block source for an hour: for an admin).
 */
export const ZPayoutBatchStatus = z.enum(['built', 'sent', 'paid', 'cancelled', 'exception']);
export type TPayoutBatchStatus = z.infer<typeof ZPayoutBatchStatus>;

/** A PSBT as base64 (BIP174), at most ~1 MB of text. */
const ZPsbtBase64 = z
  .string()
  .trim()
  .min(1)
  .max(1_500_000)
  .regex(/^[A-Za-z0-9+/=\s]+$/, { error: 'psbt: a PSBT is uploaded as base64 text' });

/** bitcoin.payoutBatch.build: every approved Bitcoin withdrawal not in a batch, or those named; the fee rate in sat/vB. */
export const ZPayoutBatchBuildInput = z.strictObject({
  withdrawalIds: z.array(z.uuid()).min(1).max(500).optional(),
  /** Satoshis per virtual byte (at most BTC_MAX_FEE_RATE); omitted: Esplora's estimate, capped. */
  feeRate: z.number().min(1).max(100_000).optional(),
});
export type TPayoutBatchBuildInput = z.infer<typeof ZPayoutBatchBuildInput>;

/** What build answers: the batch and its unsigned PSBT (base64) to sign offline. */
export const ZPayoutBatchBuilt = z.object({ id: z.string(), psbt: z.string() });
export type TPayoutBatchBuilt = z.infer<typeof ZPayoutBatchBuilt>;

/** bitcoin.payoutBatch.submit: the PSBT the operator signed (base64). */
export const ZPayoutBatchSubmitInput = z.strictObject({ id: z.uuid(), psbt: ZPsbtBase64 });
export type TPayoutBatchSubmitInput = z.infer<typeof ZPayoutBatchSubmitInput>;

/** bitcoin.payoutBatch.cancel. */
export const ZPayoutBatchIdInput = z.strictObject({ id: z.uuid() });
export type TPayoutBatchIdInput = z.infer<typeof ZPayoutBatchIdInput>;

/** One withdrawal a batch pays: the address receives exactly `amount` (BTC, 8 places). */
export const ZPayoutBatchWithdrawal = z.object({
  id: z.string(),
  address: z.string(),
  amount: z.string(),
  sats: z.string(),
});

/** One coin a batch spends. */
export const ZPayoutBatchInput = z.object({
  txid: z.string(),
  vout: z.number().int(),
  address: z.string(),
  amount: z.string(),
  sats: z.string(),
});

/** A payout batch as bitcoin.payoutBatch.list shows it. Amounts in BTC (8 places) and in satoshis. */
export const ZPayoutBatch = z.object({
  id: z.string(),
  status: ZPayoutBatchStatus,
  /** replaced | dropped, for an exception; null otherwise. */
  exception: z.enum(['replaced', 'dropped']).nullable(),
  withdrawals: z.array(ZPayoutBatchWithdrawal),
  inputs: z.array(ZPayoutBatchInput),
  /** Our change output (null: none, the rest was under the dust limit and went to the fee). */
  change: z.object({ address: z.string(), index: z.number().int(), amount: z.string(), sats: z.string() }).nullable(),
  /** The network fee the transaction pays, paid by the platform. */
  fee: z.string(),
  feeSats: z.string(),
  /** Satoshis per virtual byte. */
  feeRate: z.number(),
  /** The unsigned PSBT as built (base64): download it again to sign. */
  psbt: z.string(),
  txid: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  exceptionAt: z.string().nullable(),
});
export type TPayoutBatch = z.infer<typeof ZPayoutBatch>;

export const ZPayoutBatchList = z.object({ items: z.array(ZPayoutBatch) });
export type TPayoutBatchList = z.infer<typeof ZPayoutBatchList>;
