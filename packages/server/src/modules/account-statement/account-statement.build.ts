// A monthly statement's figures and its CSV, from plain records (no database, no clock): the check that the
// opening balance plus every entry gives each entry's balance and the closing balance lives here.
import {
  formatUnits,
  LEDGER_KIND_LABELS,
  ledgerReference,
  statementMonthLabel,
  toCsv,
  type CsvCell,
  type TLocale,
} from '@vestora/contract';
import type { LedgerKind, LedgerRefType, MovementKind } from '../../db/schema.ts';
import { translatorFor } from '../../i18n/i18n.ts';
import {
  COIN_CSV_TEXT,
  CSV_TEXT,
  KIND_LABEL,
  movementKindLabel,
  referenceText,
  YEAR_TEXT,
} from './account-statement.texts.ts';

/** A calendar month (UTC). */
export interface StatementMonth {
  /** `YYYY-MM`. */
  key: string;
  /** First instant of the month and of the next one. */
  start: Date;
  end: Date;
}

/** The month (UTC) `offset` months from the one `at` falls in (-1: the month before). */
export function monthOf(at: Date, offset = 0): StatementMonth {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return { key: start.toISOString().slice(0, 7), start, end };
}

/** `YYYY-MM` (or `YYYY-MM-DD`) to its month. */
export function parseMonth(key: string): StatementMonth {
  const [y, m] = key.split('-').map(Number);
  return monthOf(new Date(Date.UTC(y!, m! - 1, 1)));
}

/** "October 2026". */
export function monthName(month: StatementMonth): string {
  return statementMonthLabel(month.key);
}

/** A calendar day (UTC) as `YYYY-MM-DD`. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Cents as a plain decimal (`-1234.50`): what spreadsheets read as a number. */
export function plainAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface StatementEntryInput {
  seq: number;
  createdAt: Date;
  kind: LedgerKind;
  amountCents: number;
  balanceAfterCents: number;
  refType: LedgerRefType;
  refId: string;
  memo: string | null;
}

export interface StatementPositionInput {
  id: string;
  planName: string;
  principalCents: number;
  annualRateBps: number;
  startedAt: Date;
  maturityAt: Date;
  interestPaidCents: number;
}

/** One posting of the month on the member's `available` account of a coin (#30), in the asset's smallest unit. */
export interface CoinPostingInput {
  seq: number;
  createdAt: Date;
  kind: MovementKind;
  amount: bigint;
  /** Null only on the platform's unbounded accounts: on a member's, a broken chain. */
  balanceAfter: bigint | null;
  refType: LedgerRefType;
  refId: string;
  memo: string | null;
}

/** A coin the member held or moved in the month: its balances at both ends (read separately) and its postings. */
export interface CoinInput {
  asset: string;
  name: string;
  scale: number;
  opening: bigint;
  closing: bigint;
  postings: readonly CoinPostingInput[];
}

export interface StatementInput {
  month: StatementMonth;
  memberName: string;
  openingCents: number;
  /** The balance at the month's end as read separately from the database: the figures must arrive at it. */
  closingCents: number;
  entries: readonly StatementEntryInput[];
  positions: readonly StatementPositionInput[];
  /** #30: every coin besides dollars, each checked like the dollar balance (none when absent). */
  coins?: readonly CoinInput[];
}

/** One line of the statement as a person reads it (the web's words for the kind and the reference). */
export interface StatementLine {
  date: string;
  /** In English; `kind`, `refType`, `refId` and `memo` let each language say them (account-statement.texts.ts). */
  label: string;
  reference: string;
  kind: LedgerKind;
  refType: LedgerRefType;
  refId: string;
  memo: string | null;
  amountCents: number;
  balanceAfterCents: number;
}

/** One line of a coin's month; amounts as exact decimal strings in the asset's unit (`'-0.00050000'`). */
export interface CoinLine {
  date: string;
  kind: MovementKind;
  refType: LedgerRefType;
  refId: string;
  memo: string | null;
  /** Signed. */
  amount: string;
  balanceAfter: string;
}

/** A coin's part of the statement: what the member held at both ends of the month and each line between. */
export interface CoinFigures {
  asset: string;
  name: string;
  scale: number;
  opening: string;
  closing: string;
  lines: CoinLine[];
}

export interface StatementFigures {
  month: StatementMonth;
  memberName: string;
  openingCents: number;
  closingCents: number;
  creditsCents: number;
  /** Positive: the sum of the debits' amounts. */
  debitsCents: number;
  lines: StatementLine[];
  positions: StatementPositionInput[];
  /** #30: the coins, by asset code; empty for a member of dollars only and for statements issued before. */
  coins: CoinFigures[];
}

/** Why a statement was refused: its figures do not add up. */
export class StatementMismatch extends Error {}

/**
 * The statement's figures, checked: starting from the opening balance, each entry's amount must give that
 * entry's balance after it, and the last must be the closing balance read from the database. Anything else
 * (an entry dated into the month out of ledger order, a broken chain) throws StatementMismatch naming the figures.
 */
export function buildStatement(input: StatementInput): StatementFigures {
  let running = input.openingCents;
  let credits = 0;
  let debits = 0;
  const lines: StatementLine[] = [];
  for (const e of input.entries) {
    running += e.amountCents;
    if (running !== e.balanceAfterCents) {
      throw new StatementMismatch(
        `entry ${e.seq}: opening ${plainAmount(input.openingCents)} plus the entries gives ${plainAmount(running)}, ` +
          `the entry says ${plainAmount(e.balanceAfterCents)}`,
      );
    }
    if (e.amountCents > 0) credits += e.amountCents;
    else debits -= e.amountCents;
    lines.push({
      date: isoDay(e.createdAt),
      label: LEDGER_KIND_LABELS[e.kind],
      reference: ledgerReference({ refType: e.refType, refId: e.refId, memo: e.memo }),
      kind: e.kind,
      refType: e.refType,
      refId: e.refId,
      memo: e.memo,
      amountCents: e.amountCents,
      balanceAfterCents: e.balanceAfterCents,
    });
  }
  if (running !== input.closingCents) {
    throw new StatementMismatch(
      `opening ${plainAmount(input.openingCents)} + entries ${plainAmount(running - input.openingCents)} = ` +
        `${plainAmount(running)}, but the closing balance is ${plainAmount(input.closingCents)}`,
    );
  }
  return {
    month: input.month,
    memberName: input.memberName,
    openingCents: input.openingCents,
    closingCents: running,
    creditsCents: credits,
    debitsCents: debits,
    lines,
    positions: [...input.positions],
    coins: [...(input.coins ?? [])].sort((a, b) => a.asset.localeCompare(b.asset)).map(buildCoin),
  };
}

/** One coin's figures, checked as the dollars are: opening plus each posting gives its balance after, and the closing. */
function buildCoin(c: CoinInput): CoinFigures {
  const units = (u: bigint) => formatUnits(u, c.scale);
  let running = c.opening;
  const lines: CoinLine[] = [];
  for (const p of c.postings) {
    running += p.amount;
    if (p.balanceAfter === null || running !== p.balanceAfter) {
      throw new StatementMismatch(
        `${c.asset} posting ${p.seq}: opening ${units(c.opening)} plus the postings gives ${units(running)}, ` +
          `the posting says ${p.balanceAfter === null ? 'no balance' : units(p.balanceAfter)}`,
      );
    }
    lines.push({
      date: isoDay(p.createdAt),
      kind: p.kind,
      refType: p.refType,
      refId: p.refId,
      memo: p.memo,
      amount: units(p.amount),
      balanceAfter: units(running),
    });
  }
  if (running !== c.closing) {
    throw new StatementMismatch(
      `${c.asset}: opening ${units(c.opening)} + postings ${units(running - c.opening)} = ${units(running)}, ` +
        `but the closing balance is ${units(c.closing)}`,
    );
  }
  return { asset: c.asset, name: c.name, scale: c.scale, opening: units(c.opening), closing: units(running), lines };
}

/** The figures as stored when the month closes (#28): JSON text, dates as ISO strings. */
export function figuresToJson(s: StatementFigures): string {
  return JSON.stringify({ ...s, month: s.month.key });
}

/** Stored figures back (the PDF drawn on first open reads them): the same object buildStatement made. */
export function figuresFromJson(text: string): StatementFigures {
  const raw = JSON.parse(text) as Omit<StatementFigures, 'month' | 'positions' | 'coins'> & {
    month: string;
    positions: (Omit<StatementPositionInput, 'startedAt' | 'maturityAt'> & { startedAt: string; maturityAt: string })[];
    /** Absent in statements issued before #30: no coins. */
    coins?: CoinFigures[];
  };
  return {
    ...raw,
    coins: raw.coins ?? [],
    month: parseMonth(raw.month),
    positions: raw.positions.map((p) => ({
      ...p,
      startedAt: new Date(p.startedAt),
      maturityAt: new Date(p.maturityAt),
    })),
  };
}

export const STATEMENT_CSV_HEADER = [
  'row',
  'date',
  'description',
  'reference',
  'amount',
  'balance after',
  'principal',
  'interest paid',
];

/** The header of the coins' block of the CSV (#30). */
export const STATEMENT_COIN_CSV_HEADER = [
  'row',
  'asset',
  'date',
  'description',
  'reference',
  'amount',
  'balance after',
];

/**
 * The statement as CSV: first the dollars' table, unchanged since #21: an `opening balance` row, one `entry` row
 * per ledger entry, a `closing balance` row, then one `open position` row per position (opened date, plan,
 * principal, interest paid to the month's end). A member who held or moved coins gets, after an empty line, a
 * second block with its own header (STATEMENT_COIN_CSV_HEADER): per coin an `opening balance` row, an `entry` row
 * per posting and a `closing balance` row, with the asset's code and amounts as exact decimals of its unit.
 * Words in the member's language (#22); dates (ISO) and amounts (plain decimals) stay machine-readable.
 */
export function statementCsv(s: StatementFigures, locale: TLocale = 'en'): string {
  const t = translatorFor(locale);
  const lastDay = isoDay(new Date(s.month.end.getTime() - 1));
  const rows: CsvCell[][] = [
    CSV_TEXT.header.map(t),
    [t(CSV_TEXT.opening), isoDay(s.month.start), '', '', '', plainAmount(s.openingCents), '', ''],
    ...s.lines.map((l) => [
      t(CSV_TEXT.entry),
      l.date,
      t(KIND_LABEL[l.kind]),
      t(referenceText(l)),
      plainAmount(l.amountCents),
      plainAmount(l.balanceAfterCents),
      '',
      '',
    ]),
    [t(CSV_TEXT.closing), lastDay, '', '', '', plainAmount(s.closingCents), '', ''],
    ...s.positions.map((p) => [
      t(CSV_TEXT.position),
      isoDay(p.startedAt),
      p.planName,
      t(referenceText({ refType: 'investment', refId: p.id, memo: null })),
      '',
      '',
      plainAmount(p.principalCents),
      plainAmount(p.interestPaidCents),
    ]),
  ];
  if (s.coins.length > 0) {
    rows.push([], COIN_CSV_TEXT.header.map(t));
    for (const c of s.coins) {
      rows.push([t(CSV_TEXT.opening), c.asset, isoDay(s.month.start), '', '', '', c.opening]);
      for (const l of c.lines)
        rows.push([
          t(CSV_TEXT.entry),
          c.asset,
          l.date,
          t(movementKindLabel(l.kind)),
          t(referenceText(l)),
          l.amount,
          l.balanceAfter,
        ]);
      rows.push([t(CSV_TEXT.closing), c.asset, lastDay, '', '', '', c.closing]);
    }
  }
  return toCsv(rows);
}

/** One plan's line of the yearly summary. */
export interface YearSummaryRow {
  planName: string;
  interestCents: number;
  referralRewardCents: number;
}

export const YEAR_SUMMARY_CSV_HEADER = ['plan', 'interest paid', 'referral rewards paid', 'total'];

/** The yearly summary as CSV: one row per plan, then a `Total` row; words in the member's language (#22). */
export function yearSummaryCsv(rows: readonly YearSummaryRow[], locale: TLocale = 'en'): string {
  const t = translatorFor(locale);
  const interest = rows.reduce((s, r) => s + r.interestCents, 0);
  const rewards = rows.reduce((s, r) => s + r.referralRewardCents, 0);
  return toCsv([
    YEAR_TEXT.csvHeader.map(t),
    ...rows.map((r) => [
      r.planName,
      plainAmount(r.interestCents),
      plainAmount(r.referralRewardCents),
      plainAmount(r.interestCents + r.referralRewardCents),
    ]),
    [t(YEAR_TEXT.total), plainAmount(interest), plainAmount(rewards), plainAmount(interest + rewards)],
  ]);
}
