// The trade ticket's arithmetic-free rules (#30): which assets a Buy, a Sell or a Convert moves, what trade.quote
// is asked, how long a quote has left. Pure, so the unit tests pin them; every amount stays a decimal string.
import type { TAsset, TTradeQuote, TTradeQuoteInput } from '@vestora/contract';
import { parseUnits, type Msg } from '@vestora/contract';

export const TRADE_SIDES = ['buy', 'sell', 'convert'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

/** Which of the two assets the typed amount is in: the one given (`from`) or the one received (`to`). */
export type AmountIn = 'from' | 'to';

export interface TicketChoice {
  side: TradeSide;
  /** The coin bought, sold, or (Convert) given. */
  coin: string;
  /** Convert only: the coin received. */
  toCoin: string;
  amountIn: AmountIn;
  amount: string;
}

/** The asset given and the asset received. */
export function ticketAssets(side: TradeSide, coin: string, toCoin: string): { from: string; to: string } {
  if (side === 'buy') return { from: 'USD', to: coin };
  if (side === 'sell') return { from: coin, to: 'USD' };
  return { from: coin, to: toCoin };
}

/** The asset the typed amount is counted in. */
export function amountAsset(choice: Pick<TicketChoice, 'side' | 'coin' | 'toCoin' | 'amountIn'>): string {
  const { from, to } = ticketAssets(choice.side, choice.coin, choice.toCoin);
  return choice.amountIn === 'from' ? from : to;
}

/** What trade.quote is asked: the amount to give (`fromAmount`) or to get (`toAmount`), as typed (trimmed). */
export function quoteInputFor(choice: TicketChoice): TTradeQuoteInput {
  const { from, to } = ticketAssets(choice.side, choice.coin, choice.toCoin);
  const amount = choice.amount.trim();
  return choice.amountIn === 'from' ? { from, to, fromAmount: amount } : { from, to, toAmount: amount };
}

/**
 * Why a typed amount cannot be asked for, checked as the server checks it (plain digits, no finer than the
 * asset's unit, above zero); null when it can. The message is the contract's, translated by its catalogs.
 */
export function amountProblem(amount: string, scale: number): Msg | null {
  const parsed = parseUnits(amount.trim(), scale, { positive: true });
  return parsed.ok ? null : parsed.message;
}

/**
 * The whole seconds a quote has left, counted on this device's clock from when the answer arrived (the quote's own
 * life, expiresAt − createdAt, both the server's times): a device clock that is off does not shorten or lengthen it.
 */
export function secondsLeft(quote: Pick<TTradeQuote, 'createdAt' | 'expiresAt'>, receivedAtMs: number, nowMs: number) {
  const lifeMs = Date.parse(quote.expiresAt) - Date.parse(quote.createdAt);
  if (!Number.isFinite(lifeMs)) return 0;
  return Math.max(0, Math.ceil((lifeMs - (nowMs - receivedAtMs)) / 1000));
}

/** The coins a member can trade now (listed, tradable and not paused; USD is what they are traded for). */
export function tradableCoins(assets: readonly TAsset[]): TAsset[] {
  return assets.filter((a) => a.symbol !== 'USD' && a.tradable && !a.paused);
}

/** The coin a link asks for (`?coin=btc`), if it is one that trades; else the first one that does. */
export function pickCoin(wanted: string | null | undefined, coins: readonly TAsset[]): string | undefined {
  const code = wanted?.trim().toUpperCase();
  return coins.find((c) => c.symbol === code)?.symbol ?? coins[0]?.symbol;
}

/** Convert: the coin received by default, another than the one given. */
export function otherCoin(coin: string, coins: readonly TAsset[], current?: string): string | undefined {
  if (current && current !== coin && coins.some((c) => c.symbol === current)) return current;
  return coins.find((c) => c.symbol !== coin)?.symbol;
}

/** The side a link asks for (`?side=sell`), Buy otherwise. */
export function pickSide(wanted: string | null | undefined): TradeSide {
  return (TRADE_SIDES as readonly string[]).includes(wanted ?? '') ? (wanted as TradeSide) : 'buy';
}

/** The scale to show a dollar decimal with: at least cents, and every decimal a feed price carries. */
export function usdScaleOf(decimal: string): number {
  const decimals = decimal.split('.')[1]?.length ?? 0;
  return Math.max(2, decimals);
}

/** The trades CSV's file name, dated: `vestora-trades-2026-12-03.csv`. */
export function tradesCsvFileName(now: Date): string {
  return `vestora-trades-${now.toISOString().slice(0, 10)}.csv`;
}

/** The gains CSV's file name for a year: `vestora-gains-2026.csv`. */
export function gainsCsvFileName(year: number): string {
  return `vestora-gains-${year}.csv`;
}

/** The years the gains picker offers: the current one back to the year the member joined (at most 10). */
export function gainYears(currentYear: number, joinedYear: number | null): number[] {
  const first = Math.max(currentYear - 9, Math.min(joinedYear ?? currentYear, currentYear));
  const years: number[] = [];
  for (let y = currentYear; y >= first; y--) years.push(y);
  return years;
}

/** A decimal string's sign, without a float: -1, 0 or 1. */
export function signOf(decimal: string | null | undefined): -1 | 0 | 1 {
  if (!decimal) return 0;
  const negative = decimal.trim().startsWith('-');
  const digits = decimal.replace(/[^0-9]/g, '');
  if (/^0*$/.test(digits)) return 0;
  return negative ? -1 : 1;
}
