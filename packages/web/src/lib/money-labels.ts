import type { TDeposit, TLedgerEntry, TWithdrawal, TWithdrawalMethod } from '@vestora/contract';
import { formatMoney } from './format';

type Palette = 'yellow' | 'green' | 'red' | 'gray' | 'blue';

/**
 * How each ledger kind reads to a person: the one place these words are defined (the balance history, its
 * details, the CSV and the balance summary all use them).
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
};

/** A paid withdrawal's payment: it moves no balance (the hold did), so it is named on the hold's entry. */
export const WITHDRAWAL_PAYMENT_LABEL = 'Withdrawal paid';

/** What a ledger entry refers to, in words (the history's Reference column and the CSV's reference type). */
export const LEDGER_REF_TYPE_LABELS: Record<TLedgerEntry['refType'], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  investment: 'Investment',
  referral: 'Referral',
  adjustment: 'Adjustment',
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

export const DEPOSIT_STATUS: Record<TDeposit['status'], { label: string; palette: Palette }> = {
  pending: { label: 'Pending review', palette: 'yellow' },
  confirmed: { label: 'Confirmed', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
  expired: { label: 'Expired: no transfer arrived', palette: 'gray' },
};

export const WITHDRAWAL_STATUS: Record<TWithdrawal['status'], { label: string; palette: Palette }> = {
  pending: { label: 'Pending review', palette: 'yellow' },
  approved: { label: 'Approved: waiting for the payment file', palette: 'blue' },
  sent: { label: 'Sent to the bank', palette: 'blue' },
  paid: { label: 'Paid', palette: 'green' },
  returned: { label: 'Returned by the bank', palette: 'red' },
  rejected: { label: 'Rejected', palette: 'red' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
};

export const WITHDRAWAL_METHOD_LABELS: Record<TWithdrawalMethod, string> = {
  bank: 'Bank Transfer',
  paypal: 'PayPal',
  crypto: 'Cryptocurrency',
};

/** A ledger amount with an explicit sign: `+$25.00`, `-$10.00` (colour is never the only cue). */
export function formatSignedMoney(amount: number): string {
  return amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount);
}
