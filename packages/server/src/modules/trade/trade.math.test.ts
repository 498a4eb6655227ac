import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalOfFeedNumber } from './trade.prices.ts';
import {
  centsToUsd,
  fillForGet,
  fillForGive,
  parsePrice,
  type Side,
  unitsForCents,
  valueDownCents,
} from './trade.math.ts';

const USD: Side = { asset: 'USD', scale: 2, price: null, spreadBps: 0, feeBps: 0 };
const coin = (asset: string, scale: number, price: string, spreadBps = 50, feeBps = 10): Side => ({
  asset,
  scale,
  price: parsePrice(price)!,
  spreadBps,
  feeBps,
});

describe('trade arithmetic', () => {
  it('prices a quote exactly in integers', () => {
    const btc = coin('BTC', 8, '100000');
    expect(fillForGive(USD, btc, 1000_00n)).toEqual({
      fromAmount: 1000_00n,
      toAmount: 994_000n,
      grossCents: 1000_00n,
      netCents: 994_00n,
      spreadCents: 5_00n,
      feeCents: 1_00n,
    });
    // 12 BTC at $123,456.79 is $1,481,481.48 exactly.
    expect(valueDownCents(12_00000000n, 8, parsePrice('123456.79')!)).toBe(148_148_148n);
    expect(unitsForCents(148_148_148n, 8, parsePrice('123456.79')!)).toBe(12_00000000n);
  });

  it('reads the feed numbers as the decimals they were written as, exponent or not', () => {
    expect(decimalOfFeedNumber(105412)).toBe('105412');
    expect(decimalOfFeedNumber(2509.8)).toBe('2509.8');
    expect(decimalOfFeedNumber(1e-7)).toBe('0.0000001');
    expect(decimalOfFeedNumber(1.234e-8)).toBe('0.00000001234');
    expect(decimalOfFeedNumber(1.5e21)).toBe('1500000000000000000000');
    expect(decimalOfFeedNumber(0)).toBeNull();
    expect(decimalOfFeedNumber(Number.NaN)).toBeNull();
    expect(centsToUsd(-1230n)).toBe('-12.30');
  });

  it('ends quickly at tiny prices and scale 18 (a bisection, not a walk)', () => {
    const shib = coin('SHIB', 18, '0.00000001');
    const eth = coin('ETH', 18, '4000.123456789');
    const f = fillForGet(USD, shib, 10n ** 30n);
    expect(f?.toAmount).toBe(10n ** 30n);
    const g = fillForGet(eth, USD, 1_000_000_00n);
    expect(g?.toAmount).toBe(1_000_000_00n);
    expect(fillForGet(eth, shib, 123_456_789_000_000_000_000_000_000n)?.toAmount).toBe(
      123_456_789_000_000_000_000_000_000n,
    );
    // Nothing below 10^78 gets this much: refused, not looped.
    expect(fillForGet(USD, coin('BIG', 0, '10000000'), 10n ** 72n)).toBeNull();
  });

  // Prices with up to 10 decimals, scales 0 to 18, charges 0 to 3%.
  const side = (asset: string) =>
    fc
      .record({
        scale: fc.integer({ min: 0, max: 18 }),
        int: fc.bigInt({ min: 0n, max: 10n ** 7n }),
        frac: fc.bigInt({ min: 0n, max: 10n ** 10n - 1n }),
        decimals: fc.integer({ min: 0, max: 10 }),
        spreadBps: fc.integer({ min: 0, max: 300 }),
        feeBps: fc.integer({ min: 0, max: 300 }),
      })
      .map(({ scale, int, frac, decimals, spreadBps, feeBps }) => {
        const f = decimals === 0 ? '' : `.${String(frac).padStart(10, '0').slice(0, decimals)}`;
        const text = `${int}${f}`;
        const price = parsePrice(text) ?? parsePrice('1')!;
        return { asset, scale, price, spreadBps, feeBps } satisfies Side;
      });
  const dollars = fc.bigInt({ min: 1n, max: 10n ** 9n });

  it('never returns more than it cost: 10,000 random round trips and cycles at one set of prices', () => {
    fc.assert(
      fc.property(side('AAA'), side('BBB'), dollars, fc.boolean(), (a, b, start, byGet) => {
        // Dollars → A → dollars.
        const buy = fillForGive(USD, a, start);
        if (buy) {
          const back = fillForGive(a, USD, buy.toAmount);
          expect(back === null || back.toAmount <= start).toBe(true);
          // What the coins are worth at mid never exceeds what was paid.
          expect(valueDownCents(buy.toAmount, a.scale, a.price!)).toBeLessThanOrEqual(start);
        }
        // Dollars → A → B → dollars.
        if (buy) {
          const conv = fillForGive(a, b, buy.toAmount);
          const out = conv && fillForGive(b, USD, conv.toAmount);
          expect(out === null || out === undefined || out.toAmount <= start).toBe(true);
        }
        // Getting an exact amount: exactly it, for no less than giving would cost, and never a gain back.
        if (byGet && buy) {
          const got = fillForGet(USD, a, buy.toAmount);
          expect(got?.toAmount).toBe(buy.toAmount);
          expect(got!.fromAmount).toBeLessThanOrEqual(start);
          const prev = fillForGive(USD, a, got!.fromAmount - 1n);
          expect(prev === null || prev.toAmount < buy.toAmount).toBe(true);
          const sell = fillForGet(a, USD, start);
          if (sell) {
            const rebuy = fillForGive(USD, a, sell.toAmount);
            expect(rebuy === null || rebuy.toAmount <= sell.fromAmount).toBe(true);
          }
        }
      }),
      { numRuns: 10_000, seed: 30 },
    );
  });

  it('keeps the dollar leg whole: gross = net + spread + fee, every charge rounded up', () => {
    fc.assert(
      fc.property(side('AAA'), side('BBB'), dollars, (a, b, start) => {
        for (const f of [fillForGive(USD, a, start), fillForGive(a, b, start), fillForGet(a, USD, start)]) {
          if (!f) continue;
          expect(f.grossCents).toBe(f.netCents + f.spreadCents + f.feeCents);
          expect(f.spreadCents).toBeGreaterThanOrEqual(0n);
          expect(f.feeCents).toBeGreaterThanOrEqual(0n);
        }
      }),
      { numRuns: 2_000, seed: 31 },
    );
  });
});
