import { z } from 'zod';
import { ZId, ZPageInput, page } from './common.ts';

export const ZLedgerKind = z.enum([
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'adjustment',
  'investment',
  'interest',
  'principal_return',
  'referral_reward',
  'trade',
  'order_hold',
  'order_release',
]);
export type TLedgerKind = z.infer<typeof ZLedgerKind>;

export const ZLedgerEntry = z.object({
  id: z.string(),
  userId: z.string(),
  /** The owner's email (admins page through everyone's entries). */
  userEmail: z.string().optional(),
  /** The asset of the line (USD, BTC...); every line before #29 is USD. */
  asset: z.string(),
  kind: ZLedgerKind,
  /** USD lines: signed dollars, credits positive, debits negative (null for other assets: see amountUnits). */
  amount: z.number().nullable(),
  balanceAfter: z.number().nullable(),
  /** The exact amount in the asset's unit as a decimal string ("-12.34", "0.00120000"): any asset. */
  amountUnits: z.string(),
  balanceAfterUnits: z.string(),
  refType: z.enum(['deposit', 'withdrawal', 'adjustment', 'investment', 'referral', 'trade', 'treasury', 'order']),
  refId: z.string(),
  actorId: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
  /**
   * For a withdrawal's entries: when the withdrawal was paid out (null while it is not). The payment moves
   * no balance (the hold already did), so it has no entry of its own; the history shows it on the hold.
   */
  withdrawalPaidAt: z.string().nullable().optional(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

/** ledger.list: one page of ledger entries, optionally by member or kind. */
export const ZLedgerListInput = ZPageInput.extend({
  userId: ZId.optional(),
  kind: ZLedgerKind.optional(),
  /** Which asset's lines (default USD). */
  asset: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/)
    .optional(),
});
/** What a caller sends (limit may be left out). */
export type TLedgerListInput = z.input<typeof ZLedgerListInput>;
export const ZLedgerPage = page(ZLedgerEntry);

/** ledger.verify: every balance against the sum of its ledger entries. */
export const ZLedgerVerify = z.object({
  ok: z.boolean(),
  checkedUsers: z.number().int(),
  /** How many balances differ from their ledger; `mismatches` lists the first 1,000 (by user id). */
  mismatchCount: z.number().int(),
  mismatches: z.array(z.object({ userId: z.string(), balance: z.number(), ledgerSum: z.number() })),
  /** The platform check: balances + open principal + held for withdrawals = deposits − paid withdrawals + interest + referral rewards + adjustments. */
  platform: z.object({ ok: z.boolean(), difference: z.number() }),
  /** Every asset's journal: accounts equal to their postings, movements summing to zero, books summing to zero. */
  assets: z.array(
    z.object({
      asset: z.string(),
      accounts: z.number().int(),
      accountMismatches: z.number().int(),
      unbalancedMovements: z.number().int(),
      /** The sum of every account's balance, in the asset's smallest unit: "0" when the books balance. */
      total: z.string(),
    }),
  ),
});
export type TLedgerVerify = z.infer<typeof ZLedgerVerify>;

/** A USD line: its amounts in dollars are always there (ledger.list answers USD unless asked for a coin). */
export type TUsdLedgerEntry = Omit<TLedgerEntry, 'amount' | 'balanceAfter'> & { amount: number; balanceAfter: number };

/** The USD lines of a page of ledger entries. */
export function usdLines(entries: readonly TLedgerEntry[]): TUsdLedgerEntry[] {
  return entries.filter((e): e is TUsdLedgerEntry => e.asset === 'USD' && e.amount !== null && e.balanceAfter !== null);
}
