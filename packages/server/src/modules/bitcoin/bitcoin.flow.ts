// A Bitcoin payment as a money flow on the deposits table (method 'bitcoin'): seen -> confirmed credits the
// member once, in the same transaction as its audit row and notice; held waits for a fresh price.
import { formatCents } from '@vestora/contract';
import type { DepositRow } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { defineFlow } from '../money/money.core.ts';
import { money, tm } from '../../i18n/i18n.ts';

const btc = (sats: number) => `${(sats / 1e8).toFixed(8)} BTC`;

/** What a Bitcoin deposit's audit rows record (before / after). */
function toAuditView(d: DepositRow, userEmail: string) {
  return {
    id: d.id,
    userEmail,
    method: d.method,
    status: d.status,
    txid: d.btc_txid,
    vout: d.btc_vout,
    sats: d.btc_sats,
    amount: d.amount_cents / 100,
    priceCents: d.btc_price_cents,
    priceAt: d.btc_price_at ? iso(d.btc_price_at) : null,
    createdAt: iso(d.created_at),
    confirmedAt: isoOrNull(d.reviewed_at),
  };
}

const credit = {
  to: 'confirmed' as const,
  by: 'system' as const,
  ledger: (d: DepositRow) => ({
    kind: 'deposit' as const,
    amountCents: d.amount_cents,
    from: 'chain' as const,
    to: 'available' as const,
    memo:
      `Bitcoin deposit: ${btc(Number(d.btc_sats))} (${d.btc_sats} sats) at $${formatCents(Number(d.btc_price_cents))} ` +
      `per BTC (price of ${d.btc_price_at ? iso(d.btc_price_at) : '?'}), outpoint ${d.btc_txid}:${d.btc_vout}`,
  }),
  notice: (d: DepositRow) => ({
    kind: 'deposit.credited' as const,
    mailKind: 'deposit.confirmed' as const,
    link: '/dashboard/deposit',
    subject: tm('notice.bitcoinCredited.subject', 'Bitcoin deposit of {amount} credited', {
      amount: money(d.amount_cents),
    }),
    paragraphs: [
      tm(
        'notice.bitcoinCredited.body',
        'Your payment of {btc} (transaction {txid}) has its confirmations. {amount} was added to your balance at {price} per BTC.',
        {
          btc: btc(Number(d.btc_sats)),
          txid: String(d.btc_txid),
          amount: money(d.amount_cents),
          price: money(Number(d.btc_price_cents)),
        },
      ),
    ],
  }),
};

/** seen/held -> confirmed (credited once), seen -> held (no fresh price), held -> seen (its block left the chain). */
export const bitcoinDepositFlow = defineFlow({
  table: 'deposits',
  entity: 'deposit',
  plural: 'deposits',
  toWire: toAuditView,
  transitions: {
    credit: { from: 'seen', ...credit },
    creditHeld: { from: 'held', ...credit },
    hold: { from: 'seen', to: 'held', by: 'system', audit: false },
    unhold: { from: 'held', to: 'seen', by: 'system', audit: false },
  },
  refusals: { credit: {}, creditHeld: {}, hold: {}, unhold: {} },
});
