import type { TDeposit, TWithdrawal, TWithdrawalMethod } from '@vestora/contract';
import { formatMoney } from './format';

type Palette = 'yellow' | 'green' | 'red' | 'gray' | 'blue';

// The ledger's words live in the contract: the server's monthly statements print the same ones.
export { LEDGER_KIND_LABELS, LEDGER_REF_TYPE_LABELS, ledgerReference } from '@vestora/contract';

/** A paid withdrawal's payment: it moves no balance (the hold did), so it is named on the hold's entry. */
export const WITHDRAWAL_PAYMENT_LABEL = 'Withdrawal paid';

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
