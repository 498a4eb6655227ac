import type { TLedgerEntry } from './ledger.ts';

/**
 * How each ledger kind reads to a person: the one place these words are defined (the balance history, its
 * details, the CSV, the balance summary and the monthly account statement all use them).
 */
export const LEDGER_KIND_LABELS: Record<TLedgerEntry['kind'], string> = {
  deposit: 'Deposit',
  withdrawal_hold: 'Withdrawal hold',
  withdrawal_release: 'Withdrawal returned',
  adjustment: 'Adjustment',
  investment: 'Invested',
  interest: 'Interest',
  principal_return: 'Principal returned',
  referral_reward: 'Referral reward',
  trade: 'Trade',
  order_hold: 'Set aside for an order',
  order_release: 'Returned from an order',
};

/** What a ledger entry refers to, in words (the history's Reference column and the CSV's reference type). */
export const LEDGER_REF_TYPE_LABELS: Record<TLedgerEntry['refType'], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  investment: 'Investment',
  referral: 'Referral',
  adjustment: 'Adjustment',
  trade: 'Trade',
  treasury: 'Treasury',
  order: 'Order',
};

/**
 * The reference of one ledger entry as a person reads it: `Deposit #1a2b3c4d`, `Investment #…`, `Referral of a
 * friend`, `Adjustment: <reason>`. Never another kind's name.
 */
export function ledgerReference(entry: Pick<TLedgerEntry, 'refType' | 'refId' | 'memo'>): string {
  const short = entry.refId.slice(0, 8);
  switch (entry.refType) {
    case 'adjustment':
      return entry.memo ? `Adjustment: ${entry.memo}` : 'Adjustment by our team';
    case 'referral':
      return 'Referral of a friend';
    default:
      return `${LEDGER_REF_TYPE_LABELS[entry.refType]} #${short}`;
  }
}
