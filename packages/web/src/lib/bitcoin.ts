import type { TBitcoinDepositStatus } from '@vestora/contract';

/**
 * How Bitcoin amounts, transactions and deposit states read on screen: the one place these words are made
 * (the Deposit page, the deposit lists, their timelines and the admin Overview use them).
 */

const SATS_PER_BTC = 100_000_000n;

/**
 * Satoshis as BTC with all 8 decimals, computed on integers so no float rounding shows:
 * `123456` → `0.00123456 BTC`, `210000000` → `2.10000000 BTC`.
 */
export function formatBtc(sats: number | null | undefined): string {
  if (typeof sats !== 'number' || !Number.isSafeInteger(sats)) return '—';
  const value = BigInt(sats);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / SATS_PER_BTC).toLocaleString('en-US');
  const fraction = (abs % SATS_PER_BTC).toString().padStart(8, '0');
  return `${negative ? '-' : ''}${whole}.${fraction} BTC`;
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
    case 'seen':
      return `Seen, ${Math.min(confirmations, needed)} of ${needed} confirmations`;
    case 'held':
      return 'Waiting for a fresh price';
    case 'confirmed':
      return 'Credited';
  }
}

/** One sentence on what a Bitcoin deposit waits for, or what it was credited at. */
export function bitcoinStatusDetail(state: BitcoinDepositState, confirmations: number, needed: number): string {
  switch (state) {
    case 'seen':
      if (confirmations === 0) return 'The payment is on the network, not yet in a block. Nothing is credited yet.';
      return `The payment is in a block; it is credited at ${needed} confirmations.`;
    case 'held':
      return 'The payment has its confirmations; the credit waits until our market price of Bitcoin is fresh again (at most 10 minutes old).';
    case 'confirmed':
      return 'The payment was credited in dollars at the market price of that moment.';
  }
}
