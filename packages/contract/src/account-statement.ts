import { z } from 'zod';
import { tr } from './i18n.ts';
import { ZId, say } from './common.ts';

/** A statement's or summary's file format. */
export const ZStatementFileFormat = z.enum(
  ['pdf', 'csv'],
  say(() => tr('validation.formatMustBePdfOrCsv', "Format must be 'pdf' or 'csv'")),
);
export type TStatementFileFormat = z.infer<typeof ZStatementFileFormat>;

/** accountStatement.list: one row per issued month, newest first. */
export const ZAccountStatementRow = z.object({
  id: z.string(),
  /** The month the statement covers, `YYYY-MM`. */
  month: z.string(),
  openingBalance: z.number(),
  closingBalance: z.number(),
  /** Ledger entries in the month. */
  entryCount: z.number().int(),
  issuedAt: z.string(),
});
export type TAccountStatementRow = z.infer<typeof ZAccountStatementRow>;
export const ZAccountStatementList = z.array(ZAccountStatementRow);

/** accountStatement.get: one of the member's own statements as a file. */
export const ZAccountStatementGetInput = z.object({ id: ZId, format: ZStatementFileFormat });
export type TAccountStatementGetInput = z.infer<typeof ZAccountStatementGetInput>;

/** The years a yearly summary may be asked for. */
export const ZSummaryYear = z
  .number(say(() => tr('validation.yearMustBeANumber', 'Year must be a number')))
  .int(say(() => tr('validation.yearWhole', 'Year must be a whole number')))
  .min(
    2000,
    say(() => tr('validation.yearMustBe2000OrLater', 'Year must be 2000 or later')),
  )
  .max(
    2100,
    say(() => tr('validation.yearMustBe2100OrEarlier', 'Year must be 2100 or earlier')),
  );

/** accountStatement.yearSummary: interest and referral rewards paid in one calendar year (UTC), per plan. */
export const ZYearSummaryInput = z.object({ year: ZSummaryYear, format: ZStatementFileFormat });
export type TYearSummaryInput = z.infer<typeof ZYearSummaryInput>;

/** A file answered through tRPC: its bytes as base64, its name and media type. */
export const ZStatementFile = z.object({
  fileName: z.string(),
  mime: z.string(),
  contentBase64: z.string(),
});
export type TStatementFile = z.infer<typeof ZStatementFile>;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A statement month, `2026-10`, as "October 2026" (the PDF, the notice and the Statements tab say the same). */
export function statementMonthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1]} ${y}`;
}
