import { z } from 'zod';
import { tr, type Msg, translate } from './i18n.ts';
import { ZId, plain, say, REASON } from './common.ts';

const BANK_ACCOUNT = tr('field.bankAccount', 'Bank account');

export const ZStatementFormat = z.enum(['camt053', 'csv', 'mt940']);
export type TStatementFormat = z.infer<typeof ZStatementFormat>;

/** A CSV column's name, as the mapping form labels it (`tr('field.columnDate', 'Date column')`). */
const column = (label: Msg) =>
  plain(
    z
      .string()
      .trim()
      .min(
        1,
        say(() => tr('validation.columnEmpty', '{label} must not be empty', { label: translate(label) })),
      )
      .max(100),
    label,
  );

/**
 * The columns of a bank's CSV export (header names). Saved per bank account, so a later import of the same
 * account may leave it out. `balance` (the running balance after each line) lets the import check the file's
 * balances; `dateFormat` and `decimalComma` read the bank's way of writing dates and amounts.
 */
export const ZCsvMapping = z.strictObject({
  date: column(tr('field.columnDate', 'Date column')),
  amount: column(tr('field.columnAmount', 'Amount column')),
  currency: column(tr('field.columnCurrency', 'Currency column')).optional(),
  reference: column(tr('field.columnReference', 'Reference column')),
  bankTransactionId: column(tr('field.columnBankTxId', 'Bank transaction id column')).optional(),
  counterpartyName: column(tr('field.columnCounterpartyName', 'Counterparty name column')).optional(),
  counterpartyAccount: column(tr('field.columnCounterpartyAccount', 'Counterparty account column')).optional(),
  balance: column(tr('field.columnBalance', 'Balance column')).optional(),
  /** The bank's transaction code (e.g. PMNT/ICDT/CHRG): lines coded as the bank's charges are booked as fees (#34). */
  transactionCode: column(tr('field.columnTransactionCode', 'Transaction code column')).optional(),
  dateFormat: z.enum(['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY']).optional(),
  decimalComma: z.boolean().optional(),
  delimiter: z.enum([',', ';', '\t']).optional(),
});
export type TCsvMapping = z.infer<typeof ZCsvMapping>;

/**
 * The largest statement file the web import (statement.import) takes: 10 MB, a month of several thousand
 * entries. Larger files: `pnpm cli statement:import` (no request in between).
 */
export const STATEMENT_IMPORT_MAX_MB = 10;
export const STATEMENT_IMPORT_MAX_CHARS = STATEMENT_IMPORT_MAX_MB * 1024 * 1024;

/** statement.import: a bank statement file (its text), read as a proposal until a second admin approves it. */
export const ZStatementImportInput = z.strictObject({
  format: ZStatementFormat,
  content: z
    .string()
    .min(
      1,
      say(() => tr('validation.theStatementFileIsEmpty', 'The statement file is empty')),
    )
    .max(
      STATEMENT_IMPORT_MAX_CHARS,
      say(() =>
        tr(
          'validation.statementFileOverLimit',
          'The statement file is larger than {max} MB: import it with pnpm cli statement:import, or ask the bank for one file per shorter period',
          { max: STATEMENT_IMPORT_MAX_MB },
        ),
      ),
    ),
  mapping: ZCsvMapping.optional(),
  /** For CSV (which names no account): the bank account it is from; default the deposit account. */
  bankAccount: plain(z.string().trim().min(1).max(64), BANK_ACCOUNT).optional(),
});
export type TStatementImportInput = z.infer<typeof ZStatementImportInput>;

/** statement.csvMapping: the column mapping saved with the last CSV import of a bank account (default: ours). */
export const ZCsvMappingInput = z.strictObject({
  bankAccount: plain(z.string().trim().min(1).max(64), BANK_ACCOUNT).optional(),
});
export const ZSavedCsvMapping = z.object({
  bankAccount: z.string(),
  mapping: ZCsvMapping.nullable(),
  updatedAt: z.string().nullable(),
});
export type TSavedCsvMapping = z.infer<typeof ZSavedCsvMapping>;

export const ZStatementImportResult = z.object({
  statementId: z.string(),
  /** New lines stored (lines already stored from an earlier file are `duplicates`). */
  lines: z.number(),
  duplicates: z.number(),
  /** Lines matched to a member's credit, a payout's settlement or a return. */
  matched: z.number(),
  exceptions: z.number(),
  /** The file's own total credits and debits in dollars (every line, duplicates included). */
  fileCredits: z.number(),
  fileDebits: z.number(),
});
export type TStatementImportResult = z.infer<typeof ZStatementImportResult>;

export const ZStatementLineStatus = z.enum(['matched', 'applied', 'exception', 'assigned', 'dismissed']);
export type TStatementLineStatus = z.infer<typeof ZStatementLineStatus>;

export const ZStatementSummary = z.object({
  lines: z.number(),
  credits: z.array(z.object({ userId: z.string(), userEmail: z.string(), amount: z.number(), lines: z.number() })),
  settlements: z.number(),
  returns: z.number(),
  exceptions: z.number(),
  /** The bank's own fees (#34): lines recognised as its charges, booked to the platform's bank fees at approval. */
  fees: z.object({ lines: z.number(), amount: z.number() }),
  totalIn: z.number(),
  totalOut: z.number(),
});

export const ZStatement = z.object({
  id: z.string(),
  bankAccount: z.string(),
  format: ZStatementFormat,
  currency: z.string(),
  opening: z.number(),
  closing: z.number(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  lines: z.number(),
  duplicates: z.number(),
  status: z.enum(['proposed', 'approved']),
  importedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  importedAt: z.string(),
  approvedAt: z.string().nullable(),
  /** The file's own total credits and debits (every line, duplicates included); null for imports before #27. */
  fileCredits: z.number().nullable(),
  fileDebits: z.number().nullable(),
  /** Whether the file's balances were checked (camt.053 always; a CSV only with a balance column). */
  balanceChecked: z.boolean(),
  summary: ZStatementSummary,
});
export type TStatement = z.infer<typeof ZStatement>;

export const ZStatementLine = z.object({
  id: z.string(),
  statementId: z.string(),
  bankAccount: z.string(),
  bankTransactionId: z.string(),
  bookingDate: z.string(),
  /** Signed dollars: positive is money in. */
  amount: z.number(),
  currency: z.string(),
  reference: z.string().nullable(),
  endToEndId: z.string().nullable(),
  description: z.string(),
  counterpartyName: z.string().nullable(),
  counterpartyAccount: z.string().nullable(),
  status: ZStatementLineStatus,
  /** `link`: the line proves a deposit already confirmed by hand; it credits nothing. `fee`: the bank's charge. */
  matchKind: z.enum(['credit', 'settle', 'return', 'link', 'fee']).nullable(),
  userId: z.string().nullable(),
  depositId: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TStatementLine = z.infer<typeof ZStatementLine>;

export const ZStatementApproveInput = z.strictObject({ statementId: ZId });
export const ZStatementLinesInput = z
  .strictObject({ statementId: ZId.optional(), status: ZStatementLineStatus.optional() })
  .prefault({});
export const ZStatementAssignInput = z.strictObject({ lineId: ZId, userId: ZId });
export const ZStatementDismissInput = z.strictObject({
  lineId: ZId,
  reason: plain(
    z
      .string()
      .trim()
      .min(
        1,
        say(() => tr('validation.aReasonIsRequired', 'A reason is required')),
      )
      .max(500),
    REASON,
  ),
});

/** statement.reconciliation: per bank account, the bank's figure against the books' (dollars). */
export const ZReconciliation = z.object({
  bankAccount: z.string(),
  currency: z.string(),
  lastStatementDate: z.string().nullable(),
  bankClosing: z.number(),
  booksExpected: z.number(),
  difference: z.number(),
  explained: z.number(),
  unexplained: z.number(),
  items: z.array(z.object({ kind: z.string(), label: z.string(), amount: z.number(), count: z.number() })),
  /**
   * The platform's deposit account against all the books hold (#27): what members are owed (balances, open
   * principal, funds held for withdrawals) and the platform's own funds, the difference and the open items that
   * explain it; `unexplained` must be 0. Null for other accounts.
   */
  whole: z
    .object({
      owedBalances: z.number(),
      owedPrincipal: z.number(),
      heldForWithdrawals: z.number(),
      platformFunds: z.number(),
      books: z.number(),
      difference: z.number(),
      explained: z.number(),
      unexplained: z.number(),
      items: z.array(z.object({ kind: z.string(), label: z.string(), amount: z.number(), count: z.number() })),
    })
    .nullable(),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;

/** withdrawal.exportPayments: one pain.001.001.09 file with every approved bank payout not yet exported. */
export const ZPaymentFile = z.object({
  fileName: z.string(),
  content: z.string(),
  count: z.number(),
  total: z.number(),
  /** Approved payouts left out because their details name no payable account (they stay approved). */
  skipped: z.array(z.object({ withdrawalId: z.string(), details: z.string() })),
});
export type TPaymentFile = z.infer<typeof ZPaymentFile>;

/** A payout batch's payment file as kept by the server (#34): listed on the Money desk, downloadable again. */
export const ZPaymentFileSummary = z.object({
  fileName: z.string(),
  count: z.number(),
  total: z.number(),
  createdAt: z.string(),
  createdByEmail: z.string().nullable(),
});
export type TPaymentFileSummary = z.infer<typeof ZPaymentFileSummary>;
/** The file asked for again, by the name it was exported under. */
export const ZPaymentFileDownloadInput = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9._-]+$/, 'A payment file name has letters, digits, dots, dashes and underscores only.'),
});
export const ZPaymentFileDownload = z.object({ fileName: z.string(), content: z.string() });
export type TPaymentFileDownload = z.infer<typeof ZPaymentFileDownload>;
