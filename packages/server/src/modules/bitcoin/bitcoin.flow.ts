// A Bitcoin payment as a money flow on the deposits table (method 'bitcoin'): seen -> confirmed credits the
// member once, as BTC (#30: the satoshis received, from the platform's chain account of BTC to the member's
// available BTC account), in the same transaction as its audit row and notice. No price is needed to credit;
// the dollar value at the price seen then, when one is fresh, is only information. The money core moves the
// deposits row; the payment's chain facts (bitcoin_deposits) are given to the flow by its caller.
//
// `held` (waiting for a fresh price) was how a credit in dollars waited before #30: nothing is held any more,
// and a payment held before is credited as BTC from there (creditHeld).
import { formatCents, formatUnits } from '@vestora/contract';
import type { BitcoinDepositRow, DepositRow } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { defineFlow } from '../money/money.core.ts';
import { money, tm } from '../../i18n/i18n.ts';

/** Satoshis as BTC with its 8 decimals, exactly: `123456` → `0.00123456 BTC`. */
export const btcText = (sats: number | bigint) => `${formatUnits(BigInt(sats), 8)} BTC`;

/**
 * The chain facts a transition reads: the payment's outpoint and amount, and what its credit records (written to
 * bitcoin_deposits in the same transaction: the price seen and the dollar value at it, null without a fresh
 * price; all null for a move that credits nothing).
 */
export type ChainFacts = Pick<
  BitcoinDepositRow,
  'txid' | 'vout' | 'sats' | 'price_cents' | 'price_at' | 'credited_asset' | 'value_cents'
>;

/**
 * What a Bitcoin deposit's audit rows record (before / after). A payment has a price and a credit only once
 * confirmed (the credit sets them), so the row's status says whether they belong to it.
 */
function toAuditView(d: DepositRow, userEmail: string, c: ChainFacts) {
  const credited = d.status === 'confirmed';
  return {
    id: d.id,
    userEmail,
    method: d.method,
    status: d.status,
    txid: c.txid,
    vout: c.vout,
    sats: c.sats,
    // Dollars credited to the USD balance (0 for a credit as BTC).
    amount: d.amount_cents / 100,
    creditedAsset: credited ? c.credited_asset : null,
    valueCents: credited && c.value_cents !== null ? Number(c.value_cents) : null,
    priceCents: credited ? c.price_cents : null,
    priceAt: credited && c.price_at ? iso(c.price_at) : null,
    createdAt: iso(d.created_at),
    confirmedAt: isoOrNull(d.reviewed_at),
  };
}

/** The dollar value at the price seen, for the memo: `, ≈ $135.00 at $90,000.00 per BTC (price of ...)`. */
const valueMemo = (c: ChainFacts) =>
  c.value_cents !== null && c.price_cents !== null
    ? `, about $${formatCents(Number(c.value_cents))} at $${formatCents(Number(c.price_cents))} per BTC ` +
      `(price of ${c.price_at ? iso(c.price_at) : '?'})`
    : ', no fresh price at hand';

const credit = (c: ChainFacts) => ({
  to: 'confirmed' as const,
  by: 'system' as const,
  ledger: () => ({
    kind: 'deposit' as const,
    asset: 'BTC',
    units: BigInt(c.sats),
    from: 'chain' as const,
    to: 'available' as const,
    memo: `Bitcoin deposit: ${btcText(c.sats)} (${c.sats} sats)${valueMemo(c)}, outpoint ${c.txid}:${c.vout}`,
  }),
  notice: () => ({
    kind: 'deposit.credited' as const,
    mailKind: 'deposit.confirmed' as const,
    link: '/dashboard/deposit',
    subject: tm('notice.bitcoinCreditedBtc.subject', 'Bitcoin deposit of {btc} credited', { btc: btcText(c.sats) }),
    paragraphs: [
      c.value_cents !== null && c.price_cents !== null
        ? tm(
            'notice.bitcoinCreditedBtc.bodyValued',
            'Your payment of {btc} (transaction {txid}) has its confirmations. {btc} was added to your Bitcoin holdings (worth about {value} at {price} per BTC). Your dollar balance is unchanged.',
            {
              btc: btcText(c.sats),
              txid: String(c.txid),
              value: money(Number(c.value_cents)),
              price: money(Number(c.price_cents)),
            },
          )
        : tm(
            'notice.bitcoinCreditedBtc.body',
            'Your payment of {btc} (transaction {txid}) has its confirmations. {btc} was added to your Bitcoin holdings. Your dollar balance is unchanged.',
            { btc: btcText(c.sats), txid: String(c.txid) },
          ),
    ],
  }),
});

/**
 * The notice of a credit in dollars (before #30). No credit says it any more, but notifications and e-mails stored
 * then carry these descriptors: kept here so the catalogs keep their translations and old notices still read in
 * every language.
 */
export const CREDITED_IN_DOLLARS_NOTICE = [
  tm('notice.bitcoinCredited.subject', 'Bitcoin deposit of {amount} credited'),
  tm(
    'notice.bitcoinCredited.body',
    'Your payment of {btc} (transaction {txid}) has its confirmations. {amount} was added to your balance at {price} per BTC.',
  ),
];

/**
 * seen/held -> confirmed (credited once, as BTC), held -> seen (its block left the chain), for the payment whose
 * chain facts are `c`. `hold` (seen -> held) is no longer taken: it stays declared so rows and audit records
 * written before #30 read as they are.
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
