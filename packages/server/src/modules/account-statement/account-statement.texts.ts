// The words of the monthly statement (PDF and CSV) as server texts (#22), written in the member's language
// when the statement is issued. The English texts are the ones the statement always had (the web's words for
// ledger kinds and references: contract/ledger-labels.ts).
import type { LedgerKind, LedgerRefType, MovementKind } from '../../db/schema.ts';
import { type Msg, tm } from '../../i18n/i18n.ts';

export const KIND_LABEL: Record<LedgerKind, Msg> = {
  deposit: tm('statement.kind.deposit', 'Deposit'),
  withdrawal_hold: tm('statement.kind.withdrawalHold', 'Withdrawal hold'),
  withdrawal_release: tm('statement.kind.withdrawalRelease', 'Withdrawal returned'),
  adjustment: tm('statement.kind.adjustment', 'Adjustment'),
  investment: tm('statement.kind.investment', 'Invested'),
  interest: tm('statement.kind.interest', 'Interest'),
  principal_return: tm('statement.kind.principalReturn', 'Principal returned'),
  referral_reward: tm('statement.kind.referralReward', 'Referral reward'),
  trade: tm('statement.kind.trade', 'Trade'),
  order_hold: tm('statement.kind.orderHold', 'Set aside for an order'),
  order_release: tm('statement.kind.orderRelease', 'Returned from an order'),
};

/**
 * The kind of a coin's line (#30): a member's ledger kind, and the journal's own movement kinds should one ever
 * reach a member's available coins (today they touch the platform's and held accounts only).
 */
export function movementKindLabel(kind: MovementKind): Msg {
  switch (kind) {
    case 'withdrawal_paid':
      return tm('statement.kind.withdrawalPaid', 'Withdrawal paid out');
    case 'treasury_fund':
      return tm('statement.kind.treasuryFund', 'Treasury funding');
    case 'bank_fee':
      return tm('statement.kind.bankFee', 'Bank fee');
    case 'network_fee':
      return tm('statement.kind.networkFee', 'Network fee');
    default:
      return KIND_LABEL[kind];
  }
}

/** A ledger entry's reference, as contract's ledgerReference says it in English. */
export function referenceText(entry: { refType: LedgerRefType; refId: string; memo: string | null }): Msg {
  const short = entry.refId.slice(0, 8);
  switch (entry.refType) {
    case 'adjustment':
      // The memo is the admin's own words (English or whatever they wrote).
      return entry.memo
        ? tm('statement.ref.adjustmentMemo', 'Adjustment: {memo}', { memo: entry.memo })
        : tm('statement.ref.adjustment', 'Adjustment by our team');
    case 'referral':
      return tm('statement.ref.referral', 'Referral of a friend');
    case 'deposit':
      return tm('statement.ref.deposit', 'Deposit #{id}', { id: short });
    case 'withdrawal':
      return tm('statement.ref.withdrawal', 'Withdrawal #{id}', { id: short });
    case 'investment':
      return tm('statement.ref.investment', 'Investment #{id}', { id: short });
    case 'trade':
      return tm('statement.ref.trade', 'Trade #{id}', { id: short });
    case 'treasury':
      return tm('statement.ref.treasury', 'Treasury #{id}', { id: short });
    case 'order':
      return tm('statement.ref.order', 'Order #{id}', { id: short });
  }
}

export const CSV_TEXT = {
  header: [
    tm('statement.csv.row', 'row'),
    tm('statement.csv.date', 'date'),
    tm('statement.csv.description', 'description'),
    tm('statement.csv.reference', 'reference'),
    tm('statement.csv.amount', 'amount'),
    tm('statement.csv.balanceAfter', 'balance after'),
    tm('statement.csv.principal', 'principal'),
    tm('statement.csv.interestPaid', 'interest paid'),
  ],
  opening: tm('statement.csv.openingBalance', 'opening balance'),
  entry: tm('statement.csv.entry', 'entry'),
  closing: tm('statement.csv.closingBalance', 'closing balance'),
  position: tm('statement.csv.openPosition', 'open position'),
};

/** The coins' block of the CSV (#30): its own header, after the dollars' table. */
export const COIN_CSV_TEXT = {
  header: [
    tm('statement.csv.row', 'row'),
    tm('statement.csv.asset', 'asset'),
    tm('statement.csv.date', 'date'),
    tm('statement.csv.description', 'description'),
    tm('statement.csv.reference', 'reference'),
    tm('statement.csv.amount', 'amount'),
    tm('statement.csv.balanceAfter', 'balance after'),
  ],
};

export const PDF_TEXT = {
  title: (brand: string, month: string) =>
    tm('statement.pdf.title', '{brand} account statement, {month}', { brand, month }),
  footer: (brand: string, month: string, issued: string) =>
    tm(
      'statement.pdf.footer',
      '{brand} · Statement for {month} · issued {issued} · US dollars · checked when issued: opening balance + entries = closing balance',
      { brand, month, issued },
    ),
  heading: (month: string) => tm('statement.pdf.heading', 'Account statement: {month}', { month }),
  period: (from: string, to: string) => tm('statement.pdf.period', '{from} to {to} (UTC)', { from, to }),
  opening: tm('statement.pdf.openingBalance', 'Opening balance'),
  moneyIn: tm('statement.pdf.moneyIn', 'Money in'),
  moneyOut: tm('statement.pdf.moneyOut', 'Money out'),
  closing: tm('statement.pdf.closingBalance', 'Closing balance'),
  entries: (count: number) => tm('statement.pdf.entries', 'Entries ({count})', { count }),
  noEntries: tm('statement.pdf.noEntries', 'No ledger entries this month.'),
  positions: tm('statement.pdf.positions', 'Open positions at the end of the month'),
  coins: tm('statement.pdf.coins', 'Coins'),
  coinOpening: tm('statement.pdf.coinOpening', 'Held at the start of the month'),
  coinClosing: tm('statement.pdf.coinClosing', 'Held at the end of the month'),
  coinNoLines: tm('statement.pdf.coinNoLines', 'No movements this month.'),
  coinsNote: tm(
    'statement.pdf.coinsNote',
    'Amounts in each coin’s own unit; checked when issued: held at the start + movements = held at the end.',
  ),
  none: tm('statement.pdf.none', 'None.'),
  entryColumns: [
    tm('statement.pdf.col.date', 'Date'),
    tm('statement.pdf.col.description', 'Description'),
    tm('statement.pdf.col.reference', 'Reference'),
    tm('statement.pdf.col.amount', 'Amount'),
    tm('statement.pdf.col.balanceAfter', 'Balance after'),
  ],
  positionColumns: [
    tm('statement.pdf.col.plan', 'Plan'),
    tm('statement.pdf.col.opened', 'Opened'),
    tm('statement.pdf.col.matures', 'Matures'),
    tm('statement.pdf.col.rate', 'Rate'),
    tm('statement.pdf.col.principal', 'Principal'),
    tm('statement.pdf.col.interestPaid', 'Interest paid'),
  ],
};

/** The yearly interest summary (PDF and CSV). `year` is a string: years are not written with separators. */
export const YEAR_TEXT = {
  title: (brand: string, year: string) =>
    tm('yearSummary.pdf.title', '{brand} interest summary {year}', { brand, year }),
  footer: (brand: string, year: string, made: string) =>
    tm(
      'yearSummary.pdf.footer',
      '{brand} · Interest summary {year} · made {made} · US dollars · amounts credited from 1 January to 31 December {year} (UTC)',
      { brand, year, made },
    ),
  heading: (year: string) => tm('yearSummary.pdf.heading', 'Interest summary: {year}', { year }),
  nothing: (year: string) => tm('yearSummary.pdf.nothing', 'Nothing was paid to you in {year}.', { year }),
  columns: [
    tm('statement.pdf.col.plan', 'Plan'),
    tm('statement.pdf.col.interestPaid', 'Interest paid'),
    tm('yearSummary.pdf.col.referralRewards', 'Referral rewards'),
    tm('yearSummary.pdf.col.total', 'Total'),
  ],
  total: tm('yearSummary.pdf.col.total', 'Total'),
  csvHeader: [
    tm('yearSummary.csv.plan', 'plan'),
    tm('statement.csv.interestPaid', 'interest paid'),
    tm('yearSummary.csv.referralRewardsPaid', 'referral rewards paid'),
    tm('yearSummary.csv.total', 'total'),
  ],
};
