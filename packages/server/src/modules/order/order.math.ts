// The arithmetic of a limit order (#31), in integers: what it sets aside, whether a quote is at or better than its
// limit (dollars per whole coin, spread and fee included), and the price range a fill check reads by index.
import type { Fill, Price } from '../trade/trade.math.ts';

const pow10 = (n: number) => 10n ** BigInt(n);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** What an order names: coins (units of the coin) or dollars (cents). */
export type OrderAmount = { units: bigint } | { cents: bigint };

/**
 * What an order sets aside: a buy the most it can cost at its limit (the dollars named, or the coins named at the
 * limit, rounded up), a sale the coins it can give at its limit (the coins named, or the fewest coins whose limit
 * value reaches the dollars named... rounded down: more would be worse than the limit). 0n: nothing fits.
 */
export function heldFor(side: 'buy' | 'sell', scale: number, limit: Price, amount: OrderAmount): bigint {
  const unit = pow10(scale + limit.exp);
  if (side === 'buy') return 'cents' in amount ? amount.cents : ceilDiv(limit.num * 100n * amount.units, unit);
  return 'units' in amount ? amount.units : (amount.cents * unit) / (limit.num * 100n);
}

/**
 * Whether a quote's fill is at or better than the limit: a buy pays at most the limit per coin (its gross for the
 * coins it gets), a sale receives at least the limit per coin (its net for the coins it gives). Exact.
 */
export function crossesLimit(side: 'buy' | 'sell', scale: number, limit: Price, f: Fill): boolean {
  const unit = pow10(scale + limit.exp);
  return side === 'buy'
    ? f.grossCents * unit <= limit.num * 100n * f.toAmount
    : f.netCents * unit >= limit.num * 100n * f.fromAmount;
}

/**
 * The dollars per whole coin (cents, rounded against the member) a fill comes to, spread and fee included: what
 * `waiting` compares with the limit.
 */
export function allInCents(side: 'buy' | 'sell', scale: number, f: Fill): bigint {
  return side === 'buy' ? ceilDiv(f.grossCents * pow10(scale), f.toAmount) : (f.netCents * pow10(scale)) / f.fromAmount;
}

/**
 * The limits a fill check reads at a feed price, as a necessary condition (spread and fee of `bps` only ever
 * make a buy dearer and a sale cheaper than the feed price, and rounding goes the same way): a buy can fill only
 * if its limit ≥ price ÷ (1 − bps), a sale only if its limit ≤ price × (1 − bps). As exact fractions (num/den).
 */
export function candidateBounds(price: Price, bps: number): { buyAtLeast: Price; sellAtMost: Price } {
  // As decimals of 20 places: the buy bound floored and the sale bound raised (a superset; the exact check decides).
  const scaled = price.num * 10_000n * pow10(20);
  const buyDen = BigInt(10_000 - bps) * pow10(price.exp);
  const sellNum = price.num * BigInt(10_000 - bps) * pow10(20);
  const sellDen = 10_000n * pow10(price.exp);
  return { buyAtLeast: { num: scaled / buyDen, exp: 20 }, sellAtMost: { num: ceilDiv(sellNum, sellDen), exp: 20 } };
}

/** A Price as a decimal string ("95000.5"), exact. */
export function priceText(p: Price): string {
  const s = p.num.toString().padStart(p.exp + 1, '0');
  if (p.exp === 0) return s;
  const int = s.slice(0, s.length - p.exp);
  const frac = s.slice(s.length - p.exp).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}
