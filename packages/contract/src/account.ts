import { z } from 'zod';
import { tr } from './i18n.ts';
import { text } from './common.ts';
import { ZApprovalRef } from './approval.ts';
import { isValidAbaRouting, isValidBic } from './bank-account.ts';
import { say } from './common.ts';

/** The platform's deposit account record (one record). */
export const ZAccountFields = z.strictObject({
  accountNumber: text(tr('field.accountNumber', 'Account number'), 64),
  bankName: text(tr('field.bankName', 'Bank name')),
  accountHolder: text(tr('field.accountHolder', 'Account holder')),
  /** The bank's BIC (SWIFT code), for the payment file's paying bank (#34); empty: none. */
  bic: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || isValidBic(v),
      say(() =>
        tr(
          'validation.bicInvalid',
          'Enter the BIC (SWIFT code) as 8 or 11 letters and digits, for example COBADEFFXXX.',
        ),
      ),
    )
    .transform((v) => (v === '' ? null : v.replace(/\s+/g, '').toUpperCase()))
    .optional(),
  /** A US account's ABA routing number; empty: none. */
  routingNumber: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || isValidAbaRouting(v),
      say(() =>
        tr(
          'validation.routingInvalid',
          'Enter the 9-digit ABA routing number; this one does not add up (check its digits).',
        ),
      ),
    )
    .transform((v) => (v === '' ? null : v.replace(/[\s-]+/g, '')))
    .optional(),
});
export const ZAccountUpdateInput = ZAccountFields;
export type TAccountUpdateInput = z.input<typeof ZAccountUpdateInput>;

export const ZAccount = z.object({
  id: z.string(),
  accountNumber: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  bic: z.string().nullable(),
  routingNumber: z.string().nullable(),
  updatedAt: z.string(),
  /** False while the record is the placeholder the first start seeds: members are told deposits are not open. */
  isSet: z.boolean(),
});
export type TAccount = z.infer<typeof ZAccount>;

/** account.update: the record as it still is, and the pending proposal a second admin approves (#27). */
export const ZAccountChangeResult = ZAccount.extend({ approval: ZApprovalRef });
export type TAccountChangeResult = z.infer<typeof ZAccountChangeResult>;
