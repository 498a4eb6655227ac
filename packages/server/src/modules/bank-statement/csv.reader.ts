// A bank's CSV export read with csv-parse and a column mapping (saved per bank account). CSV files have no
// standard: the mapping names the header of each column, the date format, the decimal separator and the
// delimiter. With a `balance` column (the running balance after each line, oldest or newest first) the file's
// opening and closing balances are known and checked; without one they cannot be (the statement then continues
// from the previous closing balance). The bank's id of a line is the `bankTransactionId` column, else
// "h:" + sha256 of (date, amount, reference, counterparty) and the how-many-th such identical line it is.
import { createHash } from 'node:crypto';
import type { TCsvMapping } from '@vestora/contract';
import { parse } from 'csv-parse/sync';
import {
  centsText,
  type ParsedLine,
  type ParsedStatement,
  parseAmountCents,
  StatementFileError,
} from './bank-statement.types.ts';

export function readCsvStatement(content: string, mapping: TCsvMapping, accountCurrency: string): ParsedStatement {
  let rows: Record<string, string>[];
  try {
    rows = parse(content, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
      delimiter: mapping.delimiter ?? ',',
    }) as Record<string, string>[];
  } catch (e) {
    throw new StatementFileError(`This CSV file cannot be read: ${(e as Error).message}`);
  }
  if (rows.length === 0) throw new StatementFileError('This CSV file has no lines.');
  const header = Object.keys(rows[0]!);
  const named = Object.entries(mapping).filter(
    ([k, v]) => typeof v === 'string' && !['dateFormat', 'delimiter'].includes(k),
  ) as [string, string][];
  const missing = named.filter(([, col]) => !header.includes(col));
  if (missing.length > 0) {
    throw new StatementFileError(
      `The mapping names columns this file does not have: ${missing.map(([k, c]) => `${k} → "${c}"`).join(', ')}. ` +
        `The file's columns are: ${header.map((h) => `"${h}"`).join(', ')}.`,
    );
  }
  const seen = new Map<string, number>();
  const balances: number[] = [];
  const lines: ParsedLine[] = rows.map((row, i) => {
    const where = `line ${i + 2}`;
    const amountCents = parseAmountCents(row[mapping.amount] ?? '', mapping.decimalComma);
    if (amountCents === null || amountCents === 0) {
      throw new StatementFileError(`The amount "${row[mapping.amount] ?? ''}" on ${where} is not a valid amount.`);
    }
    const bookingDate = readDate(row[mapping.date] ?? '', mapping.dateFormat ?? 'YYYY-MM-DD');
    if (!bookingDate) {
      throw new StatementFileError(
        `The date "${row[mapping.date] ?? ''}" on ${where} is not a ${mapping.dateFormat ?? 'YYYY-MM-DD'} date.`,
      );
    }
    if (mapping.balance) {
      const b = parseAmountCents(row[mapping.balance] ?? '', mapping.decimalComma);
      if (b === null)
        throw new StatementFileError(`The balance "${row[mapping.balance] ?? ''}" on ${where} is not valid.`);
      balances.push(b);
    }
    const reference = (row[mapping.reference] ?? '').trim() || null;
    const counterpartyName = mapping.counterpartyName ? row[mapping.counterpartyName]?.trim() || null : null;
    const counterpartyAccount = mapping.counterpartyAccount ? row[mapping.counterpartyAccount]?.trim() || null : null;
    const bankTxCode = mapping.transactionCode ? row[mapping.transactionCode]?.trim() || null : null;
    const ownId = mapping.bankTransactionId ? row[mapping.bankTransactionId]?.trim() : undefined;
    return {
      bankTxId: ownId || fallbackId([bookingDate, amountCents, reference, counterpartyName, counterpartyAccount], seen),
      hasBankId: !!ownId,
      bookingDate,
      amountCents,
      currency: (mapping.currency ? row[mapping.currency]?.trim().toUpperCase() : '') || accountCurrency,
      reference,
      endToEndId: null,
      description: reference ?? '',
      counterpartyName,
      counterpartyAccount,
      isReturn: false,
      bankTxCode,
    };
  });
  let openingCents: number | null = null;
  let closingCents: number | null = null;
  if (mapping.balance) {
    const ordered = chronological(lines, balances);
    openingCents = ordered.balances[0]! - ordered.lines[0]!.amountCents;
    closingCents = ordered.balances[ordered.balances.length - 1]!;
    lines.splice(0, lines.length, ...ordered.lines);
  }
  const dates = lines.map((l) => l.bookingDate).sort();
  return {
    bankAccount: null,
    currency: accountCurrency,
    bankStatementId: null,
    openingCents,
    closingCents,
    fromDate: dates[0] ?? null,
    toDate: dates[dates.length - 1] ?? null,
    lines,
  };
}

/** Lines oldest first, as the running balance proves them; refuses a file whose balances do not follow. */
function chronological(lines: ParsedLine[], balances: number[]): { lines: ParsedLine[]; balances: number[] } {
  const follows = (ls: ParsedLine[], bs: number[]) => {
    for (let i = 1; i < ls.length; i++) if (bs[i - 1]! + ls[i]!.amountCents !== bs[i]) return i;
    return -1;
  };
  const forward = follows(lines, balances);
  if (forward < 0) return { lines, balances };
  const rl = [...lines].reverse();
  const rb = [...balances].reverse();
  if (follows(rl, rb) < 0) return { lines: rl, balances: rb };
  throw new StatementFileError(
    `The running balance does not follow at line ${forward + 2}: ${centsText(balances[forward - 1]!)} + ` +
      `${centsText(lines[forward]!.amountCents)} should be ${centsText(balances[forward - 1]! + lines[forward]!.amountCents)}, ` +
      `the file says ${centsText(balances[forward]!)}. A line is missing or the file is cut.`,
  );
}

function readDate(text: string, format: NonNullable<TCsvMapping['dateFormat']>): string | null {
  const t = text.trim();
  const m =
    format === 'YYYY-MM-DD'
      ? /^(\d{4})-(\d{2})-(\d{2})/.exec(t)
      : format === 'DD.MM.YYYY'
        ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t)
        : /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  if (!m) return null;
  const [y, mo, d] =
    format === 'YYYY-MM-DD' ? [m[1], m[2], m[3]] : format === 'MM/DD/YYYY' ? [m[3], m[1], m[2]] : [m[3], m[2], m[1]];
  const iso = `${y}-${mo}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

function fallbackId(parts: unknown[], seen: Map<string, number>): string {
  const key = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  return `h:${key}:${n}`;
}
