import { toCsv, type TUsdLedgerEntry } from '@vestora/contract';
import { LEDGER_KIND_LABELS, LEDGER_REF_TYPE_LABELS } from '../../lib/money-labels';

// The CSV rules (RFC 4180, no formula injection) live in the contract: the server's statements write CSV too.
export { csvField, toCsv, type CsvCell } from '@vestora/contract';

export const LEDGER_CSV_HEADER = ['date', 'kind', 'amount', 'balance after', 'reference type', 'reference id', 'memo'];

/** A user's ledger history as CSV: ISO dates, amounts as plain signed numbers with 2 decimals. */
export function ledgerToCsv(entries: readonly TUsdLedgerEntry[]): string {
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
