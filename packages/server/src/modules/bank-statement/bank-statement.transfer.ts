// What makes two statement lines the same bank transfer, whatever file they came from (#27): the account they
// are on (compared as letters and digits: "4000-1234-56", "4000 1234 56" and "IBAN DE89 ..." spell one account)
// and, when a file has no bank id (a CSV without its id column, or a camt.053 entry without one), the booking
// date, the signed amount and what names the transfer (the member reference found in it, else the end-to-end id,
// else its reference text). The database keeps (bank account, transfer key, occurrence) unique.
import { lineReferences } from './bank-statement.matcher.ts';
import type { ParsedLine } from './bank-statement.types.ts';

/** An account number or IBAN as letters and digits, upper case, without a leading "IBAN". */
export function normaliseAccount(a: string): string {
  const flat = a.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return /^IBAN[A-Z]{2}\d{2}/.test(flat) ? flat.slice(4) : flat;
}

/** The transfer key of a line: booking date | signed cents | member reference, end-to-end id or reference text. */
export function transferKey(
  line: Pick<ParsedLine, 'bookingDate' | 'amountCents' | 'reference' | 'description' | 'endToEndId'>,
): string {
  const refs = lineReferences(line);
  const names =
    refs.length > 0
      ? [...refs].sort().join(',')
      : (line.endToEndId ?? (line.reference ?? '').toUpperCase().replace(/[^A-Z0-9]/g, ''));
  return `${line.bookingDate}|${line.amountCents}|${names}`;
}

/** A line of the account already stored under a transfer key. */
export interface StoredTransfer {
  id: string;
  statement_id: string;
  bank_tx_id: string;
  has_bank_id: boolean;
  transfer_key: string | null;
  transfer_n: number | null;
}

/**
 * Which lines of a file are new, and each new line's occurrence number under its key. A line is stored already
 * when the bank's id is (`storedById`), or, when this line or the stored one has no bank id, when a stored line
 * has its transfer key and no earlier line of the file took it. Two lines with different bank ids are different
 * transfers even with the same key (two equal transfers on one day).
 */
export function sortOutTransfers(
  lines: Pick<
    ParsedLine,
    'bankTxId' | 'hasBankId' | 'bookingDate' | 'amountCents' | 'reference' | 'description' | 'endToEndId'
  >[],
  storedById: Map<string, { statement_id: string }>,
  storedByKey: Map<string, StoredTransfer[]>,
): { keys: string[]; isNew: boolean[]; n: (number | null)[]; duplicateOf: (string | null)[]; crossFile: number } {
  const keys = lines.map(transferKey);
  const taken = new Set<string>();
  const nextN = new Map<string, number>();
  const inFile = new Set<string>();
  const isNew: boolean[] = [];
  const n: (number | null)[] = [];
  const duplicateOf: (string | null)[] = [];
  let crossFile = 0;
  lines.forEach((l, i) => {
    const key = keys[i]!;
    const byId = storedById.get(l.bankTxId);
    if (byId || inFile.has(l.bankTxId)) {
      isNew.push(false);
      n.push(null);
      duplicateOf.push(byId?.statement_id ?? null);
      // The stored line is this one: it does not stand for another line of the file.
      for (const s of storedByKey.get(key) ?? []) if (s.bank_tx_id === l.bankTxId) taken.add(s.id);
      return;
    }
    inFile.add(l.bankTxId);
    const same = (storedByKey.get(key) ?? []).find(
      (s) => !taken.has(s.id) && (!l.hasBankId || !s.has_bank_id) && s.bank_tx_id !== l.bankTxId,
    );
    if (same) {
      taken.add(same.id);
      isNew.push(false);
      n.push(null);
      duplicateOf.push(same.statement_id);
      crossFile++;
      return;
    }
    const used = Math.max(0, ...(storedByKey.get(key) ?? []).map((s) => s.transfer_n ?? 0), nextN.get(key) ?? 0);
    nextN.set(key, used + 1);
    isNew.push(true);
    n.push(used + 1);
    duplicateOf.push(null);
  });
  return { keys, isNew, n, duplicateOf, crossFile };
}
