import { z } from 'zod';
import { tr, translate } from './i18n.ts';
import { REASON, ZId, ZPageInput, ZReviewReason, page, plain, reasonGivenToReject, required, say } from './common.ts';
import { ZAmount, ZIdempotencyKey } from './money.ts';
import { ZOtp } from './user.ts';
import { ZDecimalAmount } from './trade.ts';
import { ZBankPayee } from './bank-account.ts';

/** The methods of a withdrawal of dollars (the amount leaves the USD balance). */
export const ZDollarWithdrawalMethod = z.enum(['bank', 'paypal', 'crypto']);
export type TDollarWithdrawalMethod = z.infer<typeof ZDollarWithdrawalMethod>;
/** Every withdrawal's method: a dollar one, or `bitcoin` (#32: BTC from the member's holding to their address). */
export const ZWithdrawalMethod = z.enum([...ZDollarWithdrawalMethod.options, 'bitcoin']);
export type TWithdrawalMethod = z.infer<typeof ZWithdrawalMethod>;
/**
 * `approved`: a bank payout approved without a typed payout reference, waiting for the next payment file;
 * `sent`: a bank payout in a pain.001 file sent to the bank (settled to `paid` by the statement's debit line, or
 * `returned`), or a crypto payout whose Bitcoin transaction the admin named (#34: `paid` once the chain shows it
 * paying the member's address at least the declared satoshis with BTC_CONFIRMATIONS; until then it is not paid).
 */
export const ZWithdrawalStatus = z.enum(['pending', 'approved', 'sent', 'paid', 'returned', 'rejected', 'cancelled']);
export type TWithdrawalStatus = z.infer<typeof ZWithdrawalStatus>;

/** A bank account number or IBAN as the payment file writes it: letters and digits, upper case. */
export const compactBankAccount = (v: string) => v.replace(/[\s-]+/g, '').toUpperCase();

/** Whether payout details name an account a pain.001 file can pay: 6 to 34 letters and digits once compacted. */
export const isPayableBankAccount = (v: string) => /^[A-Z0-9]{6,34}$/.test(compactBankAccount(v));

/** What `details` must look like for each method; the form and the server use the same rules. */
export const WITHDRAWAL_DETAILS: Record<
  TDollarWithdrawalMethod,
  { label: string; placeholder: string; schema: z.ZodType<string> }
> = {
  bank: {
    label: 'Bank Account Number',
    placeholder: 'Enter your bank account number',
    // Spaces and hyphens only group the characters: 6 to 34 letters and digits must remain (what pain.001's
    // IBAN or Othr/Id takes), so "------" or "- - - -" is refused (#27).
    schema: z
      .string()
      .trim()
      .refine(
        (v) => /^[A-Za-z0-9 -]*$/.test(v) && isPayableBankAccount(v),
        say(() =>
          tr(
            'validation.enterABankAccountNumberOr',
            'Enter a bank account number or IBAN (6 to 34 letters and digits)',
          ),
        ),
      ),
  },
  paypal: {
    label: 'PayPal Email',
    placeholder: 'Enter your PayPal email',
    schema: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email(say(() => tr('validation.enterAValidPayPalEmailAddress', 'Enter a valid PayPal email address')))),
  },
  crypto: {
    label: 'Crypto Wallet Address',
    placeholder: 'Enter your crypto wallet address',
    schema: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9]{26,100}$/,
        say(() => tr('validation.enterAWalletAddress26To', 'Enter a wallet address (26 to 100 letters and digits)')),
      ),
  },
};

/** Payout details as typed; the method's own rule is added by `checkWithdrawalDetails`. */
export const ZWithdrawalDetailsText = plain(
  z
    .string()
    .trim()
    .min(
      1,
      say(() => tr('validation.payoutDetailsAreRequired', 'Payout details are required')),
    )
    .max(
      254,
      say(() => tr('validation.payoutDetailsMustBeAtMost', 'Payout details must be at most 254 characters')),
    ),
  tr('field.payoutDetails', 'Payout details'),
);

/**
 * Holds `details` to its method's rule in WITHDRAWAL_DETAILS (a superRefine for any object with
 * `method` and `details`: the request input here, the withdrawal form in the web).
 */
export function checkWithdrawalDetails(
  v: { method: TDollarWithdrawalMethod; details: string },
  ctx: Pick<z.core.$RefinementCtx, 'addIssue'>,
) {
  if (!v.details) return; // ZWithdrawalDetailsText already says it is required
  const r = WITHDRAWAL_DETAILS[v.method].schema.safeParse(v.details);
  if (!r.success)
    ctx.addIssue({
      code: 'custom',
      path: ['details'],
      message: r.error.issues[0]?.message ?? translate(tr('validation.detailsInvalid', 'Invalid details')),
    });
}

/**
 * withdrawal.request: a member asks for a payout; the amount is held until an admin decides. A bank payout names
 * its account as `bank` (IBAN and BIC, or US routing and account number, each checked: #34); `details` is then
 * written from it. The free-text `details` alone stays accepted for every method (the legacy /api/v1, older
 * clients): a bank text holding a valid IBAN is stored with it.
 */
export const ZDollarWithdrawalRequestInput = z
  .strictObject({
    amount: ZAmount,
    method: ZDollarWithdrawalMethod,
    details: ZWithdrawalDetailsText.optional(),
    bank: ZBankPayee.optional(),
    idempotencyKey: ZIdempotencyKey,
    /** Needed when two-factor sign-in is on: the current authenticator code. */
    otp: ZOtp.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.bank) {
      if (v.method !== 'bank')
        ctx.addIssue({
          code: 'custom',
          path: ['bank'],
          message: translate(tr('validation.bankOnlyForBank', 'A bank account is only for a bank transfer.')),
        });
      return;
    }
    if (v.details === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['details'],
        message: translate(tr('validation.payoutDetailsAreRequired', 'Payout details are required')),
      });
      return;
    }
    checkWithdrawalDetails({ method: v.method, details: v.details }, ctx);
  });
export type TDollarWithdrawalRequestInput = z.infer<typeof ZDollarWithdrawalRequestInput>;

/**
 * A Bitcoin address as typed: its shape only. The server checks its checksum and its network (the configured
 * BTC_NETWORK) and says which of the two failed.
 */
export const ZBitcoinAddressText = plain(
  z
    .string(required(tr('field.bitcoinAddress', 'Bitcoin address')))
    .trim()
    .min(
      1,
      say(() => tr('validation.bitcoinAddressRequired', 'Enter the Bitcoin address to pay')),
    )
    .max(
      100,
      say(() => tr('validation.bitcoinAddressTooLong', 'A Bitcoin address has at most 100 characters')),
    )
    .regex(
      /^[A-Za-z0-9]+$/,
      say(() => tr('validation.bitcoinAddressCharacters', 'A Bitcoin address has only letters and digits')),
    ),
  tr('field.bitcoinAddress', 'Bitcoin address'),
);

/**
 * A Bitcoin withdrawal (#32): `amount` BTC (a decimal string, at most 8 decimals) from the member's holding to
 * `address`, which receives exactly that; the flat BTC_WITHDRAWAL_FEE_SATS is taken on top.
 */
export const ZBitcoinWithdrawalRequestInput = z.strictObject({
  method: z.literal('bitcoin'),
  asset: z.literal('BTC'),
  amount: ZDecimalAmount,
  address: ZBitcoinAddressText,
  idempotencyKey: ZIdempotencyKey,
  /** Needed when two-factor sign-in is on: the current authenticator code. */
  otp: ZOtp.optional(),
});
export type TBitcoinWithdrawalRequestInput = z.infer<typeof ZBitcoinWithdrawalRequestInput>;

/** withdrawal.request: dollars by bank, PayPal or a crypto payout, or BTC to a Bitcoin address (#32). */
export const ZWithdrawalRequestInput = z.discriminatedUnion('method', [
  ZBitcoinWithdrawalRequestInput,
  ZDollarWithdrawalRequestInput,
]);
export type TWithdrawalRequestInput = z.infer<typeof ZWithdrawalRequestInput>;

/** withdrawal.bitcoinTerms: whether Bitcoin withdrawals are open, on which network, and their fee. */
export const ZBitcoinWithdrawalTerms = z.object({
  /** False without BTC_XPUB: no wallet of ours could pay them. */
  enabled: z.boolean(),
  network: z.enum(['mainnet', 'testnet', 'regtest']),
  /** BTC_WITHDRAWAL_FEE_SATS as BTC (a decimal string with 8 decimals). */
  fee: z.string(),
  feeSats: z.number().int(),
  /** The smallest amount an address can receive (BTC_DUST_SATS + 1), in BTC. */
  minimum: z.string(),
});
export type TBitcoinWithdrawalTerms = z.infer<typeof ZBitcoinWithdrawalTerms>;

/** withdrawal.cancel: a member takes back a pending request. */
export const ZWithdrawalCancelInput = z.strictObject({ id: ZId });
export type TWithdrawalCancelInput = z.infer<typeof ZWithdrawalCancelInput>;

/** A Bitcoin transaction id: 64 hexadecimal characters. */
export const BITCOIN_TXID = /^[0-9a-fA-F]{64}$/;

/** At most the 21 million bitcoin there will ever be, in satoshis. */
export const MAX_SATS = 2_100_000_000_000_000;

/**
 * withdrawal.review: an admin approves a request or rejects it (with a reason). A crypto payout is approved with
 * its Bitcoin transaction id as `payoutReference` and the satoshis it pays the member as `payoutSats` (#34).
 */
export const ZWithdrawalReviewInput = z
  .strictObject({
    id: ZId,
    decision: z.enum(['approve', 'reject']),
    reason: ZReviewReason.optional(),
    payoutReference: plain(
      z
        .string()
        .trim()
        .max(
          100,
          say(() => tr('validation.payoutReferenceMustBeAtMost', 'Payout reference must be at most 100 characters')),
        ),
      tr('field.payoutReference', 'Payout reference'),
    ).optional(),
    payoutSats: z
      .number(say(() => tr('validation.payoutSatsNumber', 'Enter the satoshis the transaction pays the member')))
      .int(say(() => tr('validation.payoutSatsWhole', 'Satoshis are a whole number')))
      .positive(say(() => tr('validation.payoutSatsPositive', 'The satoshis paid must be more than 0')))
      .max(
        MAX_SATS,
        say(() => tr('validation.payoutSatsMax', 'That is more bitcoin than there will ever be')),
      )
      .optional(),
  })
  .refine(reasonGivenToReject, {
    error: () => translate(tr('validation.withdrawalRejectReason', 'A reason is required to reject a withdrawal')),
    path: ['reason'],
  });
export type TWithdrawalReviewInput = z.infer<typeof ZWithdrawalReviewInput>;

/**
 * withdrawal.proposeCryptoRelease (#34): an admin proposes to give a crypto payout that stays `sent` (its
 * transaction never seen paying the member) back to the member's balance, with a reason; a second admin approves.
 */
export const ZCryptoReleaseInput = z.strictObject({
  id: ZId,
  reason: ZReviewReason.pipe(z.string().min(1, required(REASON))),
});
export type TCryptoReleaseInput = z.infer<typeof ZCryptoReleaseInput>;

export const ZWithdrawal = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  /** Dollars (0 for a Bitcoin withdrawal, which moves no dollars). */
  amount: z.number(),
  method: ZWithdrawalMethod,
  /** The payout details; a Bitcoin withdrawal's address. */
  details: z.string(),
  /** A Bitcoin withdrawal (#32): what the address receives, in BTC (8 decimals); null otherwise. */
  btcAmount: z.string().nullable(),
  /** A Bitcoin withdrawal: the fee the member paid on top, in BTC; null otherwise. */
  btcFee: z.string().nullable(),
  status: ZWithdrawalStatus,
  reason: z.string().nullable(),
  payoutReference: z.string().nullable(),
  /** A crypto payout: the satoshis the admin declared it pays the member (null otherwise). */
  payoutSats: z.number().int().nullable(),
  /** A crypto payout: when the chain showed it paid with its confirmations (null until then). */
  confirmedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

/** withdrawal.list: one page of withdrawals, optionally by status or member. */
export const ZWithdrawalListInput = ZPageInput.extend({ status: ZWithdrawalStatus.optional(), userId: ZId.optional() });
/** What a caller sends (limit may be left out). */
export type TWithdrawalListInput = z.input<typeof ZWithdrawalListInput>;
export const ZWithdrawalPage = page(ZWithdrawal);
