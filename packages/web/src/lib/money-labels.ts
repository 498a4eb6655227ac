import { msg, t } from '@lingui/core/macro';
import type { TDeposit, TLedgerEntry, TWithdrawal, TWithdrawalMethod } from '@vestora/contract';
import { formatMoney } from './format';
import { translatedTable } from './i18n-text';

type Palette = 'yellow' | 'green' | 'red' | 'gray' | 'blue';

/*
 * The ledger's words are defined in the contract in English (the server's monthly statements print them); the web
 * shows them in the reader's language from the tables below, keyed like the contract's.
 */

/** How each ledger kind reads to a person (the balance history, its details, the CSV, the balance summary). */
export const LEDGER_KIND_LABELS = translatedTable<TLedgerEntry['kind']>({
  deposit: msg`Deposit`,
  withdrawal_hold: msg`Withdrawal hold`,
  withdrawal_release: msg`Withdrawal returned`,
  adjustment: msg`Adjustment`,
  investment: msg`Invested`,
  interest: msg`Interest`,
  principal_return: msg`Principal returned`,
  referral_reward: msg`Referral reward`,
  trade: msg`Trade`,
  order_hold: msg`Set aside for an order`,
  order_release: msg`Returned from an order`,
});

/** What a ledger entry refers to, in words (the history's Reference column and the CSV's reference type). */
export const LEDGER_REF_TYPE_LABELS = translatedTable<TLedgerEntry['refType']>({
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  investment: msg`Investment`,
  referral: msg`Referral`,
  adjustment: msg`Adjustment`,
  trade: msg`Trade`,
  treasury: msg`Treasury`,
  order: msg`Order`,
});

/**
 * The reference of one ledger entry as a person reads it: `Deposit #1a2b3c4d`, `Investment #…`, `Referral of a
 * friend`, `Adjustment: <reason>`. Never another kind's name.
 */
export function ledgerReference(entry: Pick<TLedgerEntry, 'refType' | 'refId' | 'memo'>): string {
  const short = entry.refId.slice(0, 8);
  switch (entry.refType) {
    case 'adjustment': {
      const memo = entry.memo;
      return memo ? t`Adjustment: ${memo}` : t`Adjustment by our team`;
    }
    case 'referral':
      return t`Referral of a friend`;
    case 'deposit':
      return t`Deposit #${short}`;
    case 'withdrawal':
      return t`Withdrawal #${short}`;
    case 'investment':
      return t`Investment #${short}`;
    case 'trade':
      return t`Trade #${short}`;
    case 'treasury':
      return t`Treasury #${short}`;
    case 'order':
      return t`Order #${short}`;
  }
}

/** Money words that are not a status or a kind, read in the language shown now. */
export const MONEY_WORDS = translatedTable({
  /** A paid withdrawal's payment: it moves no balance (the hold did), so it is named on the hold's entry. */
  withdrawalPaid: msg`Withdrawal paid`,
});

const DEPOSIT_STATUS_LABELS = translatedTable<TDeposit['status']>({
  pending: msg`Pending review`,
  confirmed: msg`Confirmed`,
  rejected: msg`Rejected`,
  expired: msg`Expired: no transfer arrived`,
});

const WITHDRAWAL_STATUS_LABELS = translatedTable<TWithdrawal['status']>({
  pending: msg`Pending review`,
  approved: msg`Approved: waiting for the payment file`,
  sent: msg`Sent to the bank`,
  paid: msg`Paid`,
  returned: msg`Returned by the bank`,
  rejected: msg`Rejected`,
  cancelled: msg`Cancelled`,
});

/** Statuses with their words (read in the language shown now) and badge colours. */
function statusTable<S extends string>(
  labels: Readonly<Record<S, string>>,
  palettes: Record<S, Palette>,
): Record<S, { readonly label: string; palette: Palette }> {
  const out = {} as Record<S, { readonly label: string; palette: Palette }>;
  for (const status of Object.keys(palettes) as S[]) {
    out[status] = {
      get label() {
        return labels[status];
      },
      palette: palettes[status],
    };
  }
  return out;
}

export const DEPOSIT_STATUS = statusTable<TDeposit['status']>(DEPOSIT_STATUS_LABELS, {
  pending: 'yellow',
  confirmed: 'green',
  rejected: 'red',
  expired: 'gray',
});

const WITHDRAWAL_PALETTES: Record<TWithdrawal['status'], Palette> = {
  pending: 'yellow',
  approved: 'blue',
  sent: 'blue',
  paid: 'green',
  returned: 'red',
  rejected: 'red',
  cancelled: 'gray',
};

export const WITHDRAWAL_STATUS = statusTable<TWithdrawal['status']>(WITHDRAWAL_STATUS_LABELS, WITHDRAWAL_PALETTES);

const CRYPTO_SENT_LABELS = translatedTable({
  /** A crypto payout the admin sent, not yet seen paid on the chain (#34): never "Paid" before that. */
  sent: msg`Sent — waiting for the network`,
  /** The status filter's word for `sent`, which covers bank payouts in a file and crypto payouts alike. */
  filter: msg`Sent, not yet paid`,
  /** A crypto payout never seen paid, given back to the member by two admins (#34): no bank returned it. */
  returned: msg`Released to the member`,
});

/** One withdrawal's status with its words: a crypto payout's `sent` waits for the network, not the bank. */
export function withdrawalStatusOf(w: Pick<TWithdrawal, 'status' | 'method'>): {
  readonly label: string;
  palette: Palette;
} {
  if (w.status === 'sent' && w.method === 'crypto') return { label: CRYPTO_SENT_LABELS.sent, palette: 'blue' };
  if (w.status === 'returned' && w.method === 'crypto') return { label: CRYPTO_SENT_LABELS.returned, palette: 'red' };
  return WITHDRAWAL_STATUS[w.status];
}

/** The statuses a withdrawal list filters by (their words cover every method; read when shown). */
const WITHDRAWAL_FILTER_LABELS = {} as Record<TWithdrawal['status'], string>;
for (const status of Object.keys(WITHDRAWAL_STATUS_LABELS) as TWithdrawal['status'][]) {
  Object.defineProperty(WITHDRAWAL_FILTER_LABELS, status, {
    enumerable: true,
    get: () => (status === 'sent' ? CRYPTO_SENT_LABELS.filter : WITHDRAWAL_STATUS_LABELS[status]),
  });
}
export const WITHDRAWAL_FILTER_STATUS = statusTable<TWithdrawal['status']>(
  WITHDRAWAL_FILTER_LABELS,
  WITHDRAWAL_PALETTES,
);

export const WITHDRAWAL_METHOD_LABELS = translatedTable<TWithdrawalMethod>({
  bank: msg`Bank Transfer`,
  // A brand name: the same in every language.
  paypal: msg`PayPal`,
  crypto: msg`Cryptocurrency`,
  bitcoin: msg`Bitcoin (BTC)`,
});

/** A ledger amount with an explicit sign: `+$25.00`, `-$10.00` (colour is never the only cue). */
export function formatSignedMoney(amount: number): string {
  return amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount);
}
