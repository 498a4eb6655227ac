import { z } from 'zod';
import { ZId, ZPageInput, page, text } from './common.ts';
import { ZAmount, ZIdempotencyKey } from './money.ts';

const reason = z.string().trim().max(500, 'Reason must be at most 500 characters');

// ---- deposits ----
export const ZDepositStatus = z.enum(['pending', 'confirmed', 'rejected']);
export const ZDepositRequestInput = z.strictObject({
  amount: ZAmount,
  reference: text('Transfer reference', 100),
  idempotencyKey: ZIdempotencyKey,
});
export type TDepositRequestInput = z.infer<typeof ZDepositRequestInput>;
export const ZDepositReviewInput = z
  .strictObject({ id: ZId, decision: z.enum(['confirm', 'reject']), reason: reason.optional() })
  .refine((v) => v.decision !== 'reject' || (v.reason ?? '').length > 0, {
    message: 'A reason is required to reject a deposit',
    path: ['reason'],
  });
export const ZDeposit = z.object({
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
export const ZDepositListInput = ZPageInput.extend({ status: ZDepositStatus.optional(), userId: ZId.optional() });
export const ZDepositPage = page(ZDeposit);

// ---- withdrawals ----
export const ZWithdrawalMethod = z.enum(['bank', 'paypal', 'crypto']);
export type TWithdrawalMethod = z.infer<typeof ZWithdrawalMethod>;
export const ZWithdrawalStatus = z.enum(['pending', 'paid', 'rejected', 'cancelled']);

/** What `details` must look like for each method; the form and the server use the same rules. */
export const WITHDRAWAL_DETAILS: Record<
  TWithdrawalMethod,
  { label: string; placeholder: string; schema: z.ZodType<string> }
> = {
  bank: {
    label: 'Bank Account Number',
    placeholder: 'Enter your bank account number',
    schema: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{6,34}$/, 'Enter a bank account number or IBAN (6 to 34 letters and digits)'),
  },
  paypal: {
    label: 'PayPal Email',
    placeholder: 'Enter your PayPal email',
    schema: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ error: 'Enter a valid PayPal email address' })),
  },
  crypto: {
    label: 'Crypto Wallet Address',
    placeholder: 'Enter your crypto wallet address',
    schema: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{26,100}$/, 'Enter a wallet address (26 to 100 letters and digits)'),
  },
};

export const ZWithdrawalRequestInput = z
  .strictObject({
    amount: ZAmount,
    method: ZWithdrawalMethod,
    details: z.string().trim().min(1, 'Payout details are required').max(254),
    idempotencyKey: ZIdempotencyKey,
  })
  .superRefine((v, ctx) => {
    const r = WITHDRAWAL_DETAILS[v.method].schema.safeParse(v.details);
    if (!r.success)
      ctx.addIssue({ code: 'custom', path: ['details'], message: r.error.issues[0]?.message ?? 'Invalid details' });
  });
export type TWithdrawalRequestInput = z.infer<typeof ZWithdrawalRequestInput>;
export const ZWithdrawalCancelInput = z.strictObject({ id: ZId });
export const ZWithdrawalReviewInput = z
  .strictObject({
    id: ZId,
    decision: z.enum(['approve', 'reject']),
    reason: reason.optional(),
    payoutReference: z.string().trim().max(100, 'Payout reference must be at most 100 characters').optional(),
  })
  .refine((v) => v.decision !== 'reject' || (v.reason ?? '').length > 0, {
    message: 'A reason is required to reject a withdrawal',
    path: ['reason'],
  });
export const ZWithdrawal = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  amount: z.number(),
  method: ZWithdrawalMethod,
  details: z.string(),
  status: ZWithdrawalStatus,
  reason: z.string().nullable(),
  payoutReference: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;
export const ZWithdrawalListInput = ZPageInput.extend({ status: ZWithdrawalStatus.optional(), userId: ZId.optional() });
export const ZWithdrawalPage = page(ZWithdrawal);

// ---- ledger ----
export const ZLedgerKind = z.enum([
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'adjustment',
  'investment',
  'interest',
  'principal_return',
  'referral_reward',
]);
export const ZLedgerEntry = z.object({
  id: z.string(),
  userId: z.string(),
  /** The owner's email (admins page through everyone's entries). */
  userEmail: z.string().optional(),
  kind: ZLedgerKind,
  /** Signed dollars: credits positive, debits negative. */
  amount: z.number(),
  balanceAfter: z.number(),
  refType: z.enum(['deposit', 'withdrawal', 'adjustment', 'investment', 'referral']),
  refId: z.string(),
  actorId: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;
export const ZLedgerListInput = ZPageInput.extend({ userId: ZId.optional(), kind: ZLedgerKind.optional() });
export const ZLedgerPage = page(ZLedgerEntry);
export const ZLedgerVerify = z.object({
  ok: z.boolean(),
  checkedUsers: z.number().int(),
  mismatches: z.array(z.object({ userId: z.string(), balance: z.number(), ledgerSum: z.number() })),
  /** The platform check: balances + open principal + held for withdrawals = deposits − paid withdrawals + interest + referral rewards + adjustments. */
  platform: z.object({ ok: z.boolean(), difference: z.number() }),
});

// ---- audit ----
export const ZAuditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditListInput = ZPageInput.extend({
  actorId: ZId.optional(),
  entityType: z.string().max(40).optional(),
  /** One entity's history, e.g. a withdrawal's timeline. */
  entityId: z.string().max(100).optional(),
});
export const ZAuditPage = page(ZAuditEntry);

// ---- rewards ----
export const ZReward = z.object({
  key: z.enum(['early_adopter', 'high_roller', 'diverse_portfolio']),
  name: z.string(),
  description: z.string(),
  earned: z.boolean(),
  detail: z.string(),
});
export type TReward = z.infer<typeof ZReward>;

// ---- input types (what callers send; defaults not yet applied) ----
export type TDepositReviewInput = z.infer<typeof ZDepositReviewInput>;
export type TDepositListInput = z.input<typeof ZDepositListInput>;
export type TWithdrawalCancelInput = z.infer<typeof ZWithdrawalCancelInput>;
export type TWithdrawalReviewInput = z.infer<typeof ZWithdrawalReviewInput>;
export type TWithdrawalListInput = z.input<typeof ZWithdrawalListInput>;
