import type { TDeposit, TLedgerEntry, TWithdrawal, TWithdrawalMethod } from '@vestora/contract';
import { formatMoney } from './format';

type Palette = 'yellow' | 'green' | 'red' | 'gray' | 'blue';

/** How each ledger kind reads to a person. */
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
