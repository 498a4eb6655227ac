import type { TLedgerEntry } from '@vestora/contract';
import { LEDGER_KIND_LABELS, LEDGER_REF_TYPE_LABELS } from '../../lib/money-labels';

export type CsvCell = string | number | null | undefined;

// Spreadsheets run a text cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * Text that a spreadsheet would read as a formula gets a leading apostrophe; numbers (`-200.00`) are left alone.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text with CRLF line endings (what RFC 4180 and Excel expect). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export const LEDGER_CSV_HEADER = ['date', 'kind', 'amount', 'balance after', 'reference type', 'reference id', 'memo'];

/** A user's ledger history as CSV: ISO dates, amounts as plain signed numbers with 2 decimals. */
export function ledgerToCsv(entries: readonly TLedgerEntry[]): string {
  return toCsv([
    LEDGER_CSV_HEADER,
    ...entries.map((e) => [
      e.createdAt,
      LEDGER_KIND_LABELS[e.kind],
      e.amount.toFixed(2),
      e.balanceAfter.toFixed(2),
      LEDGER_REF_TYPE_LABELS[e.refType],
      e.refId,
      e.memo,
    ]),
  ]);
}

/** `vestora-transactions-YYYY-MM-DD.csv` for the reader's local date. */
export function ledgerCsvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `vestora-transactions-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
