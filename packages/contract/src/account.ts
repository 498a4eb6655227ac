import { z } from 'zod';
import { tr } from './i18n.ts';
import { text } from './common.ts';
import { ZApprovalRef } from './approval.ts';

/** The platform's deposit account record (one record). */
export const ZAccountFields = z.strictObject({
  accountNumber: text(tr('field.accountNumber', 'Account number'), 64),
  bankName: text(tr('field.bankName', 'Bank name')),
  accountHolder: text(tr('field.accountHolder', 'Account holder')),
});
export const ZAccountUpdateInput = ZAccountFields;
export type TAccountUpdateInput = z.infer<typeof ZAccountUpdateInput>;

export const ZAccount = z.object({
  id: z.string(),
  accountNumber: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  updatedAt: z.string(),
  /** False while the record is the placeholder the first start seeds: members are told deposits are not open. */
  isSet: z.boolean(),
});
export type TAccount = z.infer<typeof ZAccount>;

/** account.update: the record as it still is, and the pending proposal a second admin approves (#27). */
export const ZAccountChangeResult = ZAccount.extend({ approval: ZApprovalRef });
export type TAccountChangeResult = z.infer<typeof ZAccountChangeResult>;
