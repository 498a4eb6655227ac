// The arithmetic of a quote (#30), in integers only: amounts in each asset's smallest unit, dollars in cents,
// a price as an exact decimal (dollars per whole coin = num / 10^exp). Every rounding goes to the platform by
// less than one unit of what is rounded (a coin amount down, a dollar value of coins given down, of coins taken
// up, a charge up), so a round trip or a cycle of conversions at one set of prices never returns more than it
// cost. A search over amounts is a bisection, so it ends within ~260 steps at any scale or price.
import { formatUnits } from '@vestora/contract';

/** Dollars per whole coin, exactly: num / 10^exp (both from the feed's decimal). */
export interface Price {
  num: bigint;
  exp: number;
}

/** A decimal string such as "123456.79" or "0.00001234" as a Price; null for anything else or zero. */
export function parsePrice(decimal: string): Price | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!m) return null;
  const frac = m[2] ?? '';
  const num = BigInt(m[1]! + frac);
  if (num === 0n) return null;
  return { num, exp: frac.length };
}

/** One side of a trade: USD (no price) or a coin at its price, with its scale and charges. */
export interface Side {
  asset: string;
  scale: number;
  /** null for USD. */
  price: Price | null;
  spreadBps: number;
  feeBps: number;
}

/** What a quote gives and takes, all integers. */
export interface Fill {
  /** What the member gives, in the `from` asset's unit. */
  fromAmount: bigint;
  /** What the member gets, in the `to` asset's unit. */
  toAmount: bigint;
  /** The dollar leg before spread and fee (cents): what the coins given are worth, or the dollars given. */
  grossCents: bigint;
  /** The dollar leg after spread and fee (cents): the dollars received, or spent on the coin taken. */
  netCents: bigint;
  spreadCents: bigint;
  feeCents: bigint;
}

const BPS = 10_000n;
const pow10 = (n: number) => 10n ** BigInt(n);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The cents `units` of a coin are worth at `p`, rounded down (what a coin given fetches). */
export function valueDownCents(units: bigint, scale: number, p: Price): bigint {
  return (units * p.num * 100n) / (pow10(scale) * pow10(p.exp));
}

/** The most units of a coin that `cents` buy at `p` (rounded down: the platform keeps the fraction). */
export function unitsForCents(cents: bigint, scale: number, p: Price): bigint {
  return (cents * pow10(scale) * pow10(p.exp)) / (100n * p.num);
}

/** The charges of a trade on its dollar leg: spread and fee in basis points, both on the gross, rounded up. */
function charges(gross: bigint, spreadBps: number, feeBps: number): { spread: bigint; fee: bigint } {
  // One rounding for the pair keeps the net non-decreasing in the gross (a bisection relies on it).
  const total = ceilDiv(gross * BigInt(spreadBps + feeBps), BPS);
  const spread = ceilDiv(gross * BigInt(spreadBps), BPS);
  const s = spread < total ? spread : total;
  return { spread: s, fee: total - s };
}

const bpsOf = (from: Side, to: Side, key: 'spreadBps' | 'feeBps') =>
  (from.price ? from[key] : 0) + (to.price ? to[key] : 0);

/**
 * The fill for giving `give` of `from`: the dollar value, the charges (each coin's spread and fee on the dollar
 * leg: a conversion pays both coins'), the net and what it buys. null when nothing would be received.
 */
export function fillForGive(from: Side, to: Side, give: bigint): Fill | null {
  if (give <= 0n) return null;
  const gross = from.price ? valueDownCents(give, from.scale, from.price) : give;
  if (gross <= 0n) return null;
  const { spread, fee } = charges(gross, bpsOf(from, to, 'spreadBps'), bpsOf(from, to, 'feeBps'));
  const net = gross - spread - fee;
  if (net <= 0n) return null;
  const toAmount = to.price ? unitsForCents(net, to.scale, to.price) : net;
  if (toAmount <= 0n) return null;
  return { fromAmount: give, toAmount, grossCents: gross, netCents: net, spreadCents: spread, feeCents: fee };
}

/** The most steps a search takes: amounts have at most 78 digits (2^260 > 10^78). */
const MAX_DOUBLINGS = 260;
const LIMIT = 10n ** 78n;

/**
 * The fill for getting exactly `want` of `to`: the least amount of `from` whose fill receives at least `want`
 * (bisection; what it would receive beyond `want` stays with the platform). null when no amount below 10^78
 * gets that much. The net is then what `want` is worth on the dollar leg: for dollars received, `want` itself.
 */
export function fillForGet(from: Side, to: Side, want: bigint): Fill | null {
  if (want <= 0n) return null;
  const enough = (give: bigint) => {
    const f = fillForGive(from, to, give);
    return f !== null && f.toAmount >= want;
  };
  let hi = 1n;
  let steps = 0;
  while (!enough(hi)) {
    hi *= 2n;
    if (++steps > MAX_DOUBLINGS || hi > LIMIT) return null;
  }
  let lo = hi / 2n; // fails (or is 0)
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (enough(mid)) hi = mid;
    else lo = mid;
  }
  const f = fillForGive(from, to, hi)!;
  if (to.price) return { ...f, toAmount: want };
  // Dollars received: the member gets `want`; the treasury pays `want` plus the charges, no more.
  return { ...f, toAmount: want, netCents: want, grossCents: want + f.spreadCents + f.feeCents };
}

/** Cents as dollars with two decimals ("-12.30"). */
export const centsToUsd = (cents: bigint): string => formatUnits(cents, 2);
