import { plural, t } from '@lingui/core/macro';
import type { TBitcoinDepositStatus } from '@vestora/contract';
import { intlLocale } from '../i18n';

/**
 * How Bitcoin amounts, transactions and deposit states read on screen: the one place these words are made
 * (the Deposit page, the deposit lists, their timelines and the admin Overview use them).
 */

const SATS_PER_BTC = 100_000_000n;

/**
 * Satoshis as BTC with all 8 decimals, computed on integers so no float rounding shows:
 * `123456` → `0.00123456 BTC`, `210000000` → `2.10000000 BTC` (`2,10000000 BTC` in German: the reader's separators).
 */
export function formatBtc(sats: number | null | undefined): string {
  if (typeof sats !== 'number' || !Number.isSafeInteger(sats)) return '—';
  const value = BigInt(sats);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const locale = intlLocale();
  const whole = (abs / SATS_PER_BTC).toLocaleString(locale);
  // The locale's own digits and decimal sign (Arabic may use its own); the fraction stays exact.
  const digits = new Intl.NumberFormat(locale, { useGrouping: false, minimumIntegerDigits: 8 });
  const fraction = digits.format(Number(abs % SATS_PER_BTC));
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return `${negative ? '-' : ''}${whole}${decimal}${fraction} BTC`;
}

/** A transaction id shortened for a table cell (first and last 8 hex digits): `4a5e1e4b…2127b7af`. */
export function shortTxid(txid: string): string {
  return txid.length <= 20 ? txid : `${txid.slice(0, 8)}…${txid.slice(-8)}`;
}

/** An output of a transaction, as explorers and wallets write it: `txid:vout`. */
export function outpoint(txid: string, vout: number): string {
  return `${txid}:${vout}`;
}

/** The state of a Bitcoin deposit as the member follows it. */
export type BitcoinDepositState = TBitcoinDepositStatus;

/**
 * The status line of a Bitcoin deposit: `Seen, 0 of 2 confirmations`, `Waiting for a fresh price`, `Credited`.
 * `needed` is the confirmations the server credits at.
 */
export function bitcoinStatusLabel(state: BitcoinDepositState, confirmations: number, needed: number): string {
  switch (state) {
    case 'seen': {
      const seen = Math.min(confirmations, needed);
      return t({
        message: plural(needed, { one: `Seen, ${seen} of # confirmation`, other: `Seen, ${seen} of # confirmations` }),
      });
    }
    case 'held':
      return t`Waiting for a fresh price`;
    case 'confirmed':
      return t`Credited`;
  }
}

/**
 * One sentence on what a Bitcoin deposit waits for, or how it was credited: as BTC (`credited` 'BTC', #30), or in
 * dollars at the price then (credits before #30).
 */
export function bitcoinStatusDetail(
  state: BitcoinDepositState,
  confirmations: number,
  needed: number,
  credited: 'USD' | 'BTC' | null = null,
): string {
  switch (state) {
    case 'seen':
      if (confirmations === 0) return t`The payment is on the network, not yet in a block. Nothing is credited yet.`;
      return t({
        message: plural(needed, {
          one: 'The payment is in a block; it is credited at # confirmation.',
          other: 'The payment is in a block; it is credited at # confirmations.',
        }),
      });
    case 'held':
      return t`The payment has its confirmations; the credit waits until our market price of Bitcoin is fresh again (at most 10 minutes old).`;
    case 'confirmed':
      return credited === 'BTC'
        ? t`The payment was credited as bitcoin: the BTC received is in your holdings, your dollar balance is unchanged.`
        : t`The payment was credited in dollars at the market price of that moment.`;
  }
}
