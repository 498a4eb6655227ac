import { toCsv } from '../ledger/csv';

/** The confirmed newsletter addresses as CSV (email, confirmed at), built like the ledger export. */
export function newsletterToCsv(rows: readonly { email: string; confirmedAt: string }[]): string {
  return toCsv([['email', 'confirmed at'], ...rows.map((r) => [r.email, r.confirmedAt])]);
}

/** `vestora-newsletter-YYYY-MM-DD.csv` for the reader's local date. */
export function newsletterCsvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `vestora-newsletter-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
