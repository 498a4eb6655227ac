// A Bitcoin payment as a money flow on the deposits table (method 'bitcoin'): seen -> confirmed credits the
// member once, in the same transaction as its audit row and notice; held waits for a fresh price. The money core
// moves the deposits row; the payment's chain facts (bitcoin_deposits) are given to the flow by its caller.
import { formatCents } from '@vestora/contract';
import type { BitcoinDepositRow, DepositRow } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { defineFlow } from '../money/money.core.ts';
import { money, tm } from '../../i18n/i18n.ts';

const btc = (sats: number) => `${(sats / 1e8).toFixed(8)} BTC`;

/**
 * The chain facts a transition reads: the payment's outpoint and amount, and the price its credit uses (a credit
 * writes it to bitcoin_deposits in the same transaction; null for a move that credits nothing).
 */
export type ChainFacts = Pick<BitcoinDepositRow, 'txid' | 'vout' | 'sats' | 'price_cents' | 'price_at'>;

/**
 * What a Bitcoin deposit's audit rows record (before / after). A payment has a price only once confirmed (the
 * credit sets both), so the row's status says whether the price belongs to it.
 */
function toAuditView(d: DepositRow, userEmail: string, c: ChainFacts) {
  const priced = d.status === 'confirmed';
  return {
    id: d.id,
    userEmail,
    method: d.method,
    status: d.status,
    txid: c.txid,
    vout: c.vout,
    sats: c.sats,
    amount: d.amount_cents / 100,
    priceCents: priced ? c.price_cents : null,
    priceAt: priced && c.price_at ? iso(c.price_at) : null,
    createdAt: iso(d.created_at),
    confirmedAt: isoOrNull(d.reviewed_at),
  };
}

const credit = (c: ChainFacts) => ({
  to: 'confirmed' as const,
  by: 'system' as const,
  ledger: (d: DepositRow) => ({
    kind: 'deposit' as const,
    amountCents: d.amount_cents,
    from: 'chain' as const,
    to: 'available' as const,
    memo:
      `Bitcoin deposit: ${btc(Number(c.sats))} (${c.sats} sats) at $${formatCents(Number(c.price_cents))} ` +
      `per BTC (price of ${c.price_at ? iso(c.price_at) : '?'}), outpoint ${c.txid}:${c.vout}`,
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
          btc: btc(Number(c.sats)),
          txid: String(c.txid),
          amount: money(d.amount_cents),
          price: money(Number(c.price_cents)),
        },
      ),
    ],
  }),
});

/**
 * seen/held -> confirmed (credited once), seen -> held (no fresh price), held -> seen (its block left the chain),
 * for the payment whose chain facts are `c`.
 */
export const bitcoinDepositFlow = (c: ChainFacts) =>
  defineFlow({
    table: 'deposits',
    entity: 'deposit',
    plural: 'deposits',
    toWire: (d: DepositRow, userEmail: string) => toAuditView(d, userEmail, c),
    transitions: {
      credit: { from: 'seen', ...credit(c) },
      creditHeld: { from: 'held', ...credit(c) },
      hold: { from: 'seen', to: 'held', by: 'system', audit: false },
      unhold: { from: 'held', to: 'seen', by: 'system', audit: false },
    },
    refusals: { credit: {}, creditHeld: {}, hold: {}, unhold: {} },
  });
