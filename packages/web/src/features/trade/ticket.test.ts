import { describe, expect, test } from 'vitest';
import type { TAsset } from '@vestora/contract';
import {
  amountAsset,
  amountProblem,
  gainYears,
  otherCoin,
  pickCoin,
  pickSide,
  quoteInputFor,
  secondsLeft,
  signOf,
  tradableCoins,
  ticketAssets,
  usdScaleOf,
} from './ticket';

const asset = (symbol: string, over: Partial<TAsset> = {}): TAsset => ({
  symbol,
  name: symbol,
  coinId: symbol === 'USD' ? null : symbol.toLowerCase(),
  scale: symbol === 'USD' ? 2 : 8,
  tradable: symbol !== 'USD',
  paused: false,
  minUsd: '1.00',
  maxUsd: '100000.00',
  spreadBps: 50,
  feeBps: 10,
  exposureLimitUsd: '1000000.00',
  priceUsd: '1',
  priceAt: null,
  ...over,
});

describe('the trade ticket', () => {
  test('a Buy gives dollars for the coin, a Sell the coin for dollars, a Convert one coin for another', () => {
    expect(ticketAssets('buy', 'BTC', 'ETH')).toEqual({ from: 'USD', to: 'BTC' });
    expect(ticketAssets('sell', 'BTC', 'ETH')).toEqual({ from: 'BTC', to: 'USD' });
    expect(ticketAssets('convert', 'BTC', 'ETH')).toEqual({ from: 'BTC', to: 'ETH' });
  });

  test('the amount is the one to give or the one to get, in that asset, as typed', () => {
    expect(quoteInputFor({ side: 'buy', coin: 'BTC', toCoin: 'ETH', amountIn: 'from', amount: ' 250.00 ' })).toEqual({
      from: 'USD',
      to: 'BTC',
      fromAmount: '250.00',
    });
    expect(quoteInputFor({ side: 'buy', coin: 'BTC', toCoin: 'ETH', amountIn: 'to', amount: '0.001' })).toEqual({
      from: 'USD',
      to: 'BTC',
      toAmount: '0.001',
    });
    expect(quoteInputFor({ side: 'sell', coin: 'BTC', toCoin: 'ETH', amountIn: 'to', amount: '50' })).toEqual({
      from: 'BTC',
      to: 'USD',
      toAmount: '50',
    });
    expect(amountAsset({ side: 'sell', coin: 'BTC', toCoin: 'ETH', amountIn: 'to' })).toBe('USD');
    expect(amountAsset({ side: 'convert', coin: 'BTC', toCoin: 'ETH', amountIn: 'to' })).toBe('ETH');
  });

  test('an amount finer than the unit, empty, zero or not in digits is refused before asking', () => {
    expect(amountProblem('10.5', 2)).toBeNull();
    expect(amountProblem('0.00000001', 8)).toBeNull();
    expect(amountProblem('0.001', 2)?.id).toBe('validation.units.tooManyDecimals');
    for (const bad of ['', '0', '1,5', '1e3', '-2']) expect(amountProblem(bad, 8), bad).not.toBeNull();
  });

  test("the countdown runs on the quote's own life from when it arrived, whatever the device's clock says", () => {
    // The server's clock is an hour ahead of the device's: the quote still has its 10 seconds.
    const quote = { createdAt: '2026-12-03T09:00:00.000Z', expiresAt: '2026-12-03T09:00:10.000Z' };
    const received = Date.parse('2026-12-03T08:00:00.000Z');
    expect(secondsLeft(quote, received, received)).toBe(10);
    expect(secondsLeft(quote, received, received + 250)).toBe(10);
    expect(secondsLeft(quote, received, received + 9_001)).toBe(1);
    expect(secondsLeft(quote, received, received + 10_000)).toBe(0);
    expect(secondsLeft(quote, received, received + 60_000)).toBe(0);
  });

  test('a link picks a coin that trades (any case), else the first; paused and unlisted coins are not offered', () => {
    const coins = tradableCoins([
      asset('USD'),
      asset('BTC'),
      asset('ETH'),
      asset('SOL', { paused: true }),
      asset('X', { tradable: false }),
    ]);
    expect(coins.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
    expect(pickCoin('eth', coins)).toBe('ETH');
    expect(pickCoin('sol', coins)).toBe('BTC');
    expect(pickCoin(null, [])).toBeUndefined();
    expect(otherCoin('BTC', coins)).toBe('ETH');
    expect(otherCoin('BTC', coins, 'BTC')).toBe('ETH');
    expect(pickSide('sell')).toBe('sell');
    expect(pickSide('steal')).toBe('buy');
  });

  test('small helpers: price decimals, years to pick, signs without floats', () => {
    expect(usdScaleOf('60000')).toBe(2);
    expect(usdScaleOf('0.00001234')).toBe(8);
    expect(gainYears(2026, 2024)).toEqual([2026, 2025, 2024]);
    expect(gainYears(2026, null)).toEqual([2026]);
    expect(gainYears(2026, 1990)).toHaveLength(10);
    expect(signOf('-0.01')).toBe(-1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('-0.00')).toBe(0);
    expect(signOf('12.30')).toBe(1);
    expect(signOf(null)).toBe(0);
  });
});
