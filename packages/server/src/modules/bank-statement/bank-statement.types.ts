// What a statement reader answers, whatever the file's format.
import type { Msg } from '@vestora/contract';

/** One booked movement on the platform's bank account. */
export interface ParsedLine {
  /** The bank's own id of the movement (see each reader for its fallbacks); unique per bank account. */
  bankTxId: string;
  /** Whether bankTxId is the bank's own id (false: a hash of the line the reader made, see transferKey). */
  hasBankId: boolean;
  /** YYYY-MM-DD. */
  bookingDate: string;
  /** Signed cents: positive is money in. */
  amountCents: number;
  currency: string;
  /** The structured creditor reference, else the end-to-end id, else the unstructured text (as the bank gave it). */
  reference: string | null;
  endToEndId: string | null;
  /** Every free text of the line (remittance information, additional information), for finding references. */
  description: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  /** A credit that returns one of our payments (camt: return information present). */
  isReturn: boolean;
  /**
   * The bank's transaction code: camt.053 BkTxCd as "DOMN/FMLY/SUBF" (the transaction's, else the entry's), a
   * CSV's mapped code column as written; null when the file gives none (see bank-statement.fees.ts).
   */
  bankTxCode: string | null;
}

/** A statement file read: its account, balances and lines. */
export interface ParsedStatement {
  bankAccount: string | null;
  currency: string | null;
  bankStatementId: string | null;
  /** Null when the file carries no balances (a CSV without a balance column). */
  openingCents: number | null;
  closingCents: number | null;
  fromDate: string | null;
  toDate: string | null;
  lines: ParsedLine[];
}

/** Refusal of a file: a message for the admin that names what is wrong (a descriptor when translated). */
export class StatementFileError extends Error {
  readonly msg?: Msg;
  constructor(message: string | Msg) {
    super(typeof message === 'string' ? message : message.message);
    if (typeof message !== 'string') this.msg = message;
  }
}

/**
 * An ISO 20022 amount (camt.053) to cents: digits, optionally a point and one or two decimals; no sign (the sign
 * is CdtDbtInd's), no thousands separator, no exponent. Null when it is not one.
 */
export function parseIsoAmountCents(text: string): number | null {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** "123.45" (or "123,45" with decimalComma) to cents, exactly; null when it is not an amount with at most 2 decimals. */
export function parseAmountCents(text: string, decimalComma = false): number | null {
  let s = text.trim().replace(/\s/g, '');
  let negative = false;
  if (s.startsWith('-')) [negative, s] = [true, s.slice(1)];
  else if (s.startsWith('+')) s = s.slice(1);
  else if (s.endsWith('-')) [negative, s] = [true, s.slice(0, -1)];
  // A thousands separator only between groups of three digits ("1,234.56"; "1,0.00" is not an amount).
  const group = decimalComma ? '.' : ',';
  const [whole = '', ...fraction] = s.split(decimalComma ? ',' : '.');
  if (fraction.length > 1) return null;
  if (whole.includes(group)) {
    if (!new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+$`).test(whole)) return null;
  }
  s = whole.split(group).join('') + (fraction.length ? `.${fraction[0]}` : '');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** Cents as "1234.56" (with a sign when negative), for messages. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
