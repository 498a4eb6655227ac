// Books against the bank (#27): per bank account, and the whole books against the platform's account.
import { centsToDollars, type TReconciliation } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { normaliseAccount } from './bank-statement.transfer.ts';
import * as repo from './bank-statement.repo.ts';

/**
 * The platform's account against everything the books say it holds (#27): members' balances, open principal and
 * funds held for withdrawals, plus the platform's own funds (the first statement's opening balance less what the
 * platform paid: interest, referral rewards, the bank's fees, adjustments). Open items explain the difference: lines not credited
 * yet, deposits confirmed by hand that no line proves, Bitcoin deposits (in the wallet, not at the bank), payouts
 * paid outside the account, returns of payouts never settled. What is left must be 0.
 */
async function wholeBooks(
  db: Database,
  bankAccount: string,
  bankClosing: number,
  firstOpening: number,
  lineItems: { kind: string; label: string; amount: number; count: number }[],
): Promise<NonNullable<TReconciliation['whole']>> {
  const w = await repo.wholeBooksSums(db, bankAccount);
  const owed = w.balances! + w.principal! + w.held!;
  const platformFunds = firstOpening - w.platform_paid! - w.adjustments!;
  const books = owed + platformFunds;
  const items = [
    ...lineItems,
    {
      kind: 'confirmed_by_hand_not_on_statement',
      label: 'Deposits confirmed by hand that no statement line shows yet',
      amount: -w.hand_unproven!,
      count: w.hand_unproven_n!,
    },
    {
      kind: 'bitcoin_deposits',
      label: 'Bitcoin deposits (in the wallet, not at the bank)',
      amount: -w.bitcoin!,
      count: w.bitcoin_n!,
    },
    {
      kind: 'paid_outside',
      label: 'Payouts paid outside this account (PayPal, crypto, by hand)',
      amount: w.paid_outside!,
      count: w.paid_outside_n!,
    },
    {
      kind: 'returned_unsettled',
      label: 'Returns of payouts no statement showed leaving',
      amount: w.returned_unsettled!,
      count: w.returned_unsettled_n!,
    },
  ];
  const difference = bankClosing - books;
  const explained = items.reduce((sum, i) => sum + i.amount, 0);
  return {
    owedBalances: centsToDollars(w.balances!),
    owedPrincipal: centsToDollars(w.principal!),
    heldForWithdrawals: centsToDollars(w.held!),
    platformFunds: centsToDollars(platformFunds),
    books: centsToDollars(books),
    difference: centsToDollars(difference),
    explained: centsToDollars(explained),
    unexplained: centsToDollars(difference - explained),
    items: items.map((i) => ({ ...i, amount: centsToDollars(i.amount) })),
  };
}

/**
 * statement.reconciliation, per bank account: the last statement's closing balance against what the books
 * expect (the first imported opening balance + deposits credited from the account's lines − payouts sent from
 * it + payouts it returned − the bank's fees booked from its lines), their difference, the named items that explain it (payouts sent but not yet on a
 * statement, open exceptions, lines set aside, lines waiting for approval, assigned lines whose deposit is not
 * confirmed), and the rest, which must be 0.
 */
export async function reconciliation(db: Database): Promise<TReconciliation[]> {
  const platform = await repo.findPlatformAccount(db);
  const payoutAccount = platform ? normaliseAccount(platform.account_number) : null;
  const out: TReconciliation[] = [];
  for (const { bank_account } of await repo.bankAccounts(db)) {
    const first = (await repo.findFirstStatement(db, bank_account))!;
    const last = (await repo.findLastStatement(db, bank_account))!;
    const s = await repo.reconciliationSums(db, bank_account, bank_account === payoutAccount);
    const bankClosing = Number(last.closing_cents);
    const booksExpected =
      Number(first.opening_cents) + s.credits - s.settled_out - s.sent_out + s.returned_in - s.fees_out;
    const items = [
      {
        kind: 'payouts_in_transit',
        label: 'Payouts sent, not yet on a statement',
        amount: s.in_transit,
        count: s.in_transit_n,
      },
      { kind: 'open_exceptions', label: 'Open exceptions', amount: s.exceptions, count: s.exceptions_n },
      { kind: 'set_aside', label: 'Lines set aside', amount: s.dismissed, count: s.dismissed_n },
      { kind: 'awaiting_approval', label: 'Lines waiting for approval', amount: s.proposed, count: s.proposed_n },
      {
        kind: 'assigned_unconfirmed',
        label: 'Assigned lines whose deposit is not confirmed',
        amount: s.assigned_open,
        count: s.assigned_open_n,
      },
    ];
    const difference = bankClosing - booksExpected;
    const explained = items.reduce((sum, i) => sum + i.amount, 0);
    const lineItems = items.filter((i) => i.kind !== 'payouts_in_transit');
    out.push({
      whole:
        bank_account === payoutAccount
          ? await wholeBooks(db, bank_account, bankClosing, Number(first.opening_cents), lineItems)
          : null,
      bankAccount: bank_account,
      currency: last.currency,
      lastStatementDate: last.to_date,
      bankClosing: centsToDollars(bankClosing),
      booksExpected: centsToDollars(booksExpected),
      difference: centsToDollars(difference),
      explained: centsToDollars(explained),
      unexplained: centsToDollars(difference - explained),
      items: items.map((i) => ({ ...i, amount: centsToDollars(i.amount) })),
    });
  }
  return out;
}
