import { describe, expect, it } from 'vitest';
import { dollarsToCents, hasAtMostTwoDecimals, ZAmount, ZBalance } from './money.ts';
import { ZPlanCreateInput } from './plan.ts';

// An amount is exact or refused: its shortest decimal form (String(n)) has at most 2 decimals, and its
// cents are read from that form, never rounded.
describe('exact amounts', () => {
  const cases: [number, number | null][] = [
    [0.29, 29],
    [0.3, 30],
    [19.99, 1999],
    [1.1, 110],
    [1.005 * 1000, null], // 1004.9999999999999, not 1005: refused, not rounded
    [0, 0],
    [-0, 0],
    [-12.5, -1250],
    [10_000_000, 1_000_000_000],
    [1_000_000_000, 100_000_000_000],
    [0.1 + 0.2, null], // 0.30000000000000004
    [0.300000001, null],
    [10.005, null],
    [1.001, null],
    [1e-7, null],
    [5e-324, null],
    [1e21, null], // an integer, but its cents are beyond a safe integer
    [Number.MAX_VALUE, null],
    [Infinity, null],
    [-Infinity, null],
    [NaN, null],
  ];
  for (const [dollars, cents] of cases) {
    it(`${String(dollars)} → ${String(cents)}`, () => {
      expect(dollarsToCents(dollars)).toBe(cents);
    });
  }

  it('the cents of every 2-decimal figure are exact (no float rounding)', () => {
    const exact: [string, number][] = [
      ['0.07', 7],
      ['0.29', 29],
      ['1.15', 115],
      ['4.35', 435],
      ['8.2', 820],
      ['1234567.89', 123456789],
      ['9999999.99', 999999999],
      ['999999999.99', 99999999999],
      ['1000000000.01', 100000000001],
    ];
    for (const [text, cents] of exact) expect(dollarsToCents(Number(text)), text).toBe(cents);
  });

  it('hasAtMostTwoDecimals reads the shortest form', () => {
    expect(hasAtMostTwoDecimals(0.29)).toBe(true);
    expect(hasAtMostTwoDecimals(1e21)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
    expect(hasAtMostTwoDecimals(1e-7)).toBe(false);
    expect(hasAtMostTwoDecimals(NaN)).toBe(false);
  });

  const refusals: [string, number, string][] = [
    ['float noise', 0.1 + 0.2, 'Amount can have at most 2 decimals'],
    ['a ninth decimal', 0.300000001, 'Amount can have at most 2 decimals'],
    ['a tiny number in exponent form', 1e-7, 'Amount can have at most 2 decimals'],
    ['an out-of-range number in exponent form', 1e21, 'Amount cannot exceed $10,000,000.00'],
  ];
  for (const [label, amount, message] of refusals) {
    it(`ZAmount refuses ${label} with one clear message`, () => {
      const r = ZAmount.safeParse(amount);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([message]);
    });
  }

  it('ZAmount and ZBalance accept exact amounts unchanged', () => {
    expect(ZAmount.parse(0.29)).toBe(0.29);
    expect(ZAmount.parse(10_000_000)).toBe(10_000_000);
    expect(ZBalance.parse(0)).toBe(0);
    expect(ZBalance.safeParse(0.1 + 0.2).success).toBe(false);
  });

  it('plan amounts and capacity follow the same rule', () => {
    const plan = {
      investmentPlanName: 'Exact',
      annualRateBps: 700,
      minAmount: 100,
      maxAmount: 1000,
      termMonths: 12,
      payoutFrequency: 'monthly',
      riskLevel: 'low',
    };
    expect(ZPlanCreateInput.safeParse(plan).success).toBe(true);
    for (const bad of [{ minAmount: 100.001 }, { maxAmount: 0.1 + 0.2 }, { capacity: 5000.000001 }]) {
      const r = ZPlanCreateInput.safeParse({ ...plan, ...bad });
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/can have at most 2 decimals/);
    }
  });
});
