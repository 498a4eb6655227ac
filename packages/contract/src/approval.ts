import { z } from 'zod';
import { required, REASON, ZId, ZReviewReason, ZTimestamp } from './common.ts';
import { ZCsvMapping } from './statement.ts';
import { tr } from './i18n.ts';
import { plain } from './common.ts';

/**
 * Money a person decides (#27): a balance adjustment, a deposit confirmed by hand (no matched bank line or
 * chain payment), a change of the deposit account, a change of a bank's CSV mapping and the release to the member
 * of a crypto payout the chain never showed paid (#34) are proposals; a second administrator approves or rejects
 * them.
 */
export const ZApprovalKind = z.enum([
  'balance_adjustment',
  'deposit_confirm',
  'deposit_account',
  'csv_mapping',
  'treasury_fund',
  'crypto_payout_release',
]);
export type TApprovalKind = z.infer<typeof ZApprovalKind>;

export const ZApprovalStatus = z.enum(['pending', 'approved', 'rejected']);
export type TApprovalStatus = z.infer<typeof ZApprovalStatus>;

/** What a proposing call answers beside the record as it still is. */
export const ZApprovalRef = z.object({ id: z.string(), status: ZApprovalStatus });
export type TApprovalRef = z.infer<typeof ZApprovalRef>;

/** One proposal as approval.list shows it. */
export const ZApproval = z.object({
  id: z.string(),
  kind: ZApprovalKind,
  /** The member whose money it is (adjustment, deposit, payout); null for the deposit account and CSV mappings. */
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** Dollars: signed for an adjustment, the deposit's or payout's amount for a confirmation or release; null otherwise. */
  amount: z.number().nullable(),
  reason: z.string(),
  /**
   * What the approval will do, by kind: { depositId } / { deltaCents } / { accountNumber, ... } /
   * { bankAccount, mapping } / { withdrawalId, txid, sats, address }.
   */
  details: z.record(z.string(), z.unknown()),
  proposedBy: z.string(),
  proposedByEmail: z.string(),
  createdAt: ZTimestamp,
  status: ZApprovalStatus,
  decidedBy: z.string().nullable(),
  decidedAt: ZTimestamp.nullable(),
  decisionReason: z.string().nullable(),
});
export type TApproval = z.infer<typeof ZApproval>;

export const ZApprovalListInput = z.strictObject({ status: ZApprovalStatus.optional() });
export type TApprovalListInput = z.infer<typeof ZApprovalListInput>;

export const ZApprovalIdInput = z.strictObject({ id: ZId });
export const ZApprovalRejectInput = z.strictObject({
  id: ZId,
  reason: ZReviewReason.pipe(z.string().min(1, required(REASON))),
});
export type TApprovalRejectInput = z.infer<typeof ZApprovalRejectInput>;

const BANK_ACCOUNT = tr('field.bankAccount', 'Bank account');
/** statement.proposeCsvMapping: a bank's stored CSV mapping changes only through a second admin's approval. */
export const ZCsvMappingProposalInput = z.strictObject({
  bankAccount: plain(z.string().trim().min(1).max(64), BANK_ACCOUNT).optional(),
  mapping: ZCsvMapping,
  reason: ZReviewReason.optional(),
});
export type TCsvMappingProposalInput = z.infer<typeof ZCsvMappingProposalInput>;
