// The prices a quote may use (#30): the feed's, no older than TRADE_MAX_PRICE_AGE_S. A price's age runs from the
// older of the feed's own time for it (`last_updated`) and the moment our server fetched it, so a cached copy
// ages on while the feed fails; the bundled snapshot never prices a trade.
/* eslint-disable money/no-float -- the float boundary of trading: the feed's JSON numbers and the clock's milliseconds are read here, and only integers (Price) leave this file */
import { tr, type Msg, type TMarketCoins } from '@vestora/contract';
import type { MarketService } from '../market/market.service.ts';
import { type Price, parsePrice } from './trade.math.ts';

export interface FreshPrice {
  price: Price;
  /** The decimal the feed sent. */
  decimal: string;
  /** When it was current (the older of the feed's time and our fetch). */
  at: Date;
}

export type PriceLookup = { ok: true; fresh: FreshPrice } | { ok: false; why: Msg };

/**
 * The feed sends prices as JSON numbers. A number's shortest decimal form (what JavaScript prints) is the digits
 * the feed wrote; this spells it without an exponent so it parses as an exact decimal. The one place a float is
 * read on the trading path: from here on the price is integers.
 */
export function decimalOfFeedNumber(n: number): string | null {
  if (!Number.isFinite(n) || n <= 0) return null;
  const s = String(n);
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(s);
  if (!m) return s;
  const digits = m[1]! + (m[2] ?? '');
  const point = m[1]!.length + Number.parseInt(m[3]!, 10);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Reads every coin's price off one market answer, with its age, as of `now`. */
export function pricesOf(
  market: TMarketCoins,
  now: Date,
  maxAgeS: number,
): (coinId: string, symbol: string) => PriceLookup {
  const fetchedAt = Date.parse(market.fetchedAt);
  const byId = new Map(market.coins.map((c) => [c.id, c]));
  return (coinId, symbol) => {
    const coin = byId.get(coinId);
    const decimal = coin && coin.current_price !== null ? decimalOfFeedNumber(coin.current_price) : null;
    const price = decimal === null ? null : parsePrice(decimal);
    if (!coin || decimal === null || price === null)
      return {
        ok: false,
        why: tr('trade.noPrice', 'The market feed has no price for {symbol}.', { symbol }),
      };
    const own = coin.last_updated ? Date.parse(coin.last_updated) : Number.NaN;
    const atMs = Number.isFinite(own) ? Math.min(own, fetchedAt) : fetchedAt;
    const fresh: FreshPrice = { price, decimal, at: new Date(atMs) };
    if (market.source === 'snapshot')
      return {
        ok: false,
        why: tr(
          'trade.snapshotPrice',
          'Trading in {symbol} is paused: the market feed has not answered yet, and the bundled prices are never traded at.',
          { symbol },
        ),
      };
    const ageS = Math.floor((now.getTime() - atMs) / 1000);
    if (ageS > maxAgeS)
      return {
        ok: false,
        why: tr(
          'trade.stalePrice',
          'Trading in {symbol} is paused: its last price is {age} seconds old (at most {max} are traded at). Try again when the market feed answers.',
          { symbol, age: ageS, max: maxAgeS },
        ),
      };
    return { ok: true, fresh };
  };
}

/** The market's current answer (the service's cache decides whether to ask the feed). */
export async function currentPrices(market: MarketService, now: Date, maxAgeS: number) {
  return pricesOf(await market.getCoins(), now, maxAgeS);
}
