import { z } from 'zod';
import { tr, translate } from './i18n.ts';
import { ZId, ZPageInput, ZReviewReason, page, reasonGivenToReject, text } from './common.ts';
import { ZAmount, ZIdempotencyKey } from './money.ts';
import { ZBitcoinDeposit, ZBitcoinInstructions } from './bitcoin.ts';
import { ZApprovalRef } from './approval.ts';

/** `expired`: a report no bank statement line confirmed within REPORT_EXPIRY_DAYS (14). */
export const ZDepositStatus = z.enum(['pending', 'confirmed', 'rejected', 'expired']);
export type TDepositStatus = z.infer<typeof ZDepositStatus>;

/** deposit.request: a member reports a transfer to the deposit account. */
export const ZDepositRequestInput = z.strictObject({
  amount: ZAmount,
  reference: text(tr('field.transferReference', 'Transfer reference'), 100),
  idempotencyKey: ZIdempotencyKey,
});
export type TDepositRequestInput = z.infer<typeof ZDepositRequestInput>;

/** deposit.review: an admin confirms or rejects (with a reason) a pending deposit. */
export const ZDepositReviewInput = z
  .strictObject({ id: ZId, decision: z.enum(['confirm', 'reject']), reason: ZReviewReason.optional() })
  .refine(reasonGivenToReject, {
    error: () => translate(tr('validation.depositRejectReason', 'A reason is required to reject a deposit')),
    path: ['reason'],
  });
export type TDepositReviewInput = z.infer<typeof ZDepositReviewInput>;

/** A bank deposit (a report or a statement credit). */
export const ZDeposit = z.object({
  method: z.literal('bank'),
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  amount: z.number(),
  reference: z.string(),
  status: ZDepositStatus,
  reason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TDeposit = z.infer<typeof ZDeposit>;

/**
 * deposit.review: the deposit as it now is. Confirming a report by hand is a proposal (#27): `approval` is the
 * pending proposal (nothing credited yet), or the approved one when this review was the second admin's.
 */
export const ZDepositReviewResult = ZDeposit.extend({ approval: ZApprovalRef.optional() });
export type TDepositReviewResult = z.infer<typeof ZDepositReviewResult>;

/** Any deposit deposit.list shows: a bank deposit or a Bitcoin payment (by `method`). */
export const ZDepositItem = z.discriminatedUnion('method', [ZDeposit, ZBitcoinDeposit]);
export type TDepositItem = z.infer<typeof ZDepositItem>;

/** Every status deposit.list can filter by (bank and Bitcoin; `confirmed` matches both). */
export const ZDepositListStatus = z.enum(['pending', 'confirmed', 'rejected', 'expired', 'seen', 'held']);
export type TDepositListStatus = z.infer<typeof ZDepositListStatus>;

/** deposit.list: one page of deposits (bank and Bitcoin), optionally by status or member. */
export const ZDepositListInput = ZPageInput.extend({ status: ZDepositListStatus.optional(), userId: ZId.optional() });
/** What a caller sends (limit may be left out). */
export type TDepositListInput = z.input<typeof ZDepositListInput>;
export const ZDepositPage = page(ZDepositItem);

/**
 * deposit.instructions: where and how a member sends money. A transfer carrying the member's reference is
 * credited when the bank statement arrives (no report needed).
 */
export const ZDepositInstructions = z.object({
  accountHolder: z.string(),
  bankName: z.string(),
  /** The IBAN when the account number is one, else null. */
  iban: z.string().nullable(),
  accountNumber: z.string(),
  bic: z.string().nullable(),
  /** The account's currency, the platform's: USD. A transfer in another currency is not converted. */
  currency: z.string(),
  /** The member's permanent ISO 11649 reference, e.g. "RF18VS0012345678". */
  reference: z.string(),
  /** The same in groups of four, as people read and type it. */
  referenceGrouped: z.string(),
  /** What the page's QR code carries: the account number and the reference. */
  qrText: z.string(),
  /** False while the deposit account is the seeded placeholder. */
  open: z.boolean(),
  /** Since when the deposit account shown is valid (its last approved change); null for the placeholder. */
  validSince: z.string().nullable(),
  /** The member's Bitcoin deposit address; absent when Bitcoin deposits are off (BTC_XPUB unset). */
  bitcoin: ZBitcoinInstructions.optional(),
});
export type TDepositInstructions = z.infer<typeof ZDepositInstructions>;

/** Narrows a deposit.list item to a bank deposit. */
export const isBankDeposit = (d: TDepositItem): d is TDeposit => d.method === 'bank';
