import { describe, expect, it } from 'vitest';
import { MAX_TRANSACTION_CENTS } from './money.ts';
import {
  deriveLegacyText,
  formatTermYears,
  parseDurationText,
  parseLegacyPlanText,
  parseLimitText,
  parseRateText,
  parseReturnsText,
  type TPlanTerms,
  ZPlanTerms,
} from './plan-terms.ts';

const silver: TPlanTerms = {
  annualRateBps: 700,
  minAmountCents: 100_000,
  maxAmountCents: 499_900,
  termMonths: 24,
  payoutFrequency: 'monthly',
  riskLevel: 'medium',
  earlyExitAllowed: true,
  capacityCents: null,
};

describe('deriveLegacyText', () => {
  it('writes Silver as the cards show it: 4,999 × 7% × 2 = 699.86, so "$5,699"', () => {
    expect(deriveLegacyText(silver)).toEqual({
      interestRate: '7%',
      investmentLimit: '$1,000 - $4,999',
      returns: 'Monthly',
      investmentDuration: '2',
      capitalGrowth: '14%',
      riskLevel: 'Medium',
      totalReturn: '$5,699',
    });
  });

  it('writes fractional rates, years and cents without trailing zeros', () => {
    const t = deriveLegacyText({
      ...silver,
      annualRateBps: 650,
      minAmountCents: 50_050,
      maxAmountCents: 7_500_000,
      termMonths: 6,
      payoutFrequency: 'semi_annually',
    });
    expect(t).toMatchObject({
      interestRate: '6.5%',
      investmentLimit: '$500.50 - $75,000',
      returns: 'Semi-annually',
      investmentDuration: '0.5',
      capitalGrowth: '3.25%',
      // 75,000 × 6.5% / 2 = 2,437.50 → 77,437.50 rounds half up to 77,438.
      totalReturn: '$77,438',
    });
    expect(deriveLegacyText({ ...silver, termMonths: 18, payoutFrequency: 'at_maturity' })).toMatchObject({
      investmentDuration: '1.5',
      returns: 'At maturity',
      capitalGrowth: '10.5%',
    });
  });

  it('rounds the whole-dollar total half up and down', () => {
    // 100 × 1% × 1 month = 0.0833… → floor 0.08 → $100.08 → "$100".
    expect(
      deriveLegacyText({ ...silver, annualRateBps: 100, maxAmountCents: 10_000, minAmountCents: 10_000, termMonths: 1 })
        .totalReturn,
    ).toBe('$100');
    // 150 × 4% × 1 year = 6 → $156; 149.50 + 0 → "$150".
    expect(
      deriveLegacyText({ ...silver, annualRateBps: 400, maxAmountCents: 15_000, minAmountCents: 100, termMonths: 12 })
        .totalReturn,
    ).toBe('$156');
    expect(
      deriveLegacyText({ ...silver, annualRateBps: 1, maxAmountCents: 14_950, minAmountCents: 100, termMonths: 1 })
        .totalReturn,
    ).toBe('$150');
  });

  it('writes years as the legacy text does, 2 decimals at most', () => {
    expect([12, 24, 6, 3, 4, 1, 18, 600].map(formatTermYears)).toEqual([
      '1',
      '2',
      '0.5',
      '0.25',
      '0.33',
      '0.08',
      '1.5',
      '50',
    ]);
  });
});

describe('parsing the legacy text', () => {
  it('reads rates', () => {
    expect(['7%', '7', '6.5 %', ' 0.25% '].map(parseRateText)).toEqual([
      { ok: true, value: 700 },
      { ok: true, value: 700 },
      { ok: true, value: 650 },
      { ok: true, value: 25 },
    ]);
    for (const bad of ['seven', '7.125%', '-7%', '', '7%%']) expect(parseRateText(bad).ok, bad).toBe(false);
  });

  it('reads amount ranges', () => {
    expect(parseLimitText('$1,000 - $4,999')).toEqual({ ok: true, value: [100_000, 499_900] });
    expect(parseLimitText('1000-4999')).toEqual({ ok: true, value: [100_000, 499_900] });
    expect(parseLimitText('$100 - $999')).toEqual({ ok: true, value: [10_000, 99_900] });
    expect(parseLimitText('$20,000 to $100,000.50')).toEqual({ ok: true, value: [2_000_000, 10_000_050] });
    for (const bad of ['$1,00 - $5', 'from 10', '$100+', '1 - 2 - 3', '$1.001 - $2'])
      expect(parseLimitText(bad).ok, bad).toBe(false);
  });

  it('reads payout frequencies', () => {
    const words = ['Monthly', 'Quarterly', 'Semi-annually', 'Yearly', 'At maturity', 'semi annually', 'ANNUALLY'];
    expect(words.map((w) => parseReturnsText(w))).toEqual(
      ['monthly', 'quarterly', 'semi_annually', 'yearly', 'at_maturity', 'semi_annually', 'yearly'].map((value) => ({
        ok: true,
        value,
      })),
    );
    expect(parseReturnsText('Weekly')).toMatchObject({
      ok: false,
      message: expect.stringContaining('Monthly, Quarterly'),
    });
  });

  it('reads durations in years (or months) into whole months', () => {
    expect(['2', '0.5', '2 years', '1 year', '0.33', '1.25', '18 months'].map((d) => parseDurationText(d))).toEqual(
      [24, 6, 24, 12, 4, 15, 18].map((value) => ({ ok: true, value })),
    );
    // 0.4 years is 4.8 months; 0 is no term at all.
    for (const bad of ['0.4', '0', 'two', '1.5 months', '2 decades'])
      expect(parseDurationText(bad).ok, bad).toBe(false);
  });

  it('parseLegacyPlanText: the seed text gives the seed terms back', () => {
    const text = deriveLegacyText(silver);
    expect(parseLegacyPlanText(text)).toEqual({ ok: true, terms: { ...silver, earlyExitAllowed: false } });
  });

  it('parseLegacyPlanText reads bare numbers as their text and refuses other types', () => {
    const r = parseLegacyPlanText({
      interestRate: 7,
      investmentLimit: '1000-4999',
      returns: 'Monthly',
      investmentDuration: 2,
      riskLevel: 'Low',
    });
    expect(r).toMatchObject({ ok: true, terms: { annualRateBps: 700, termMonths: 24 } });
    const bad = parseLegacyPlanText({
      interestRate: true,
      investmentLimit: '1000-4999',
      returns: 'Monthly',
      investmentDuration: 2,
      riskLevel: 'Low',
    });
    expect(bad).toEqual({ ok: false, errors: [{ field: 'interestRate', message: 'must be text' }] });
  });

  it('parseLegacyPlanText names every field it cannot read', () => {
    const r = parseLegacyPlanText({
      interestRate: 'lots',
      investmentLimit: '$1,000 - $4,999',
      returns: 'Weekly',
      riskLevel: 'Low',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.field)).toEqual(['interestRate', 'returns', 'investmentDuration']);
    expect(r.errors[2]!.message).toBe('is required');
  });

  it('parseLegacyPlanText refuses inconsistent terms, naming the legacy field', () => {
    const base = {
      interestRate: '7%',
      investmentLimit: '$1,000 - $4,999',
      returns: 'Monthly',
      investmentDuration: '2',
      riskLevel: 'Low',
    };
    const errors = (over: Partial<typeof base>) => {
      const r = parseLegacyPlanText({ ...base, ...over });
      return r.ok ? [] : r.errors;
    };
    expect(errors({ investmentLimit: '$5,000 - $1,000' })).toEqual([
      { field: 'investmentLimit', message: 'The maximum amount must be at least the minimum amount' },
    ]);
    expect(errors({ returns: 'Quarterly', investmentDuration: '0.5' })).toEqual([]);
    expect(errors({ returns: 'Yearly', investmentDuration: '0.5' })).toEqual([
      {
        field: 'returns',
        message: 'Yearly payouts need a term in whole multiples of 12 months (the term is 6 months)',
      },
    ]);
    expect(errors({ interestRate: '150%' })).toEqual([
      { field: 'interestRate', message: 'The rate must be at most 100%' },
    ]);
    expect(errors({ investmentLimit: '$1 - $100,000,000' })[0]).toMatchObject({ field: 'investmentLimit' });
    expect(errors({ investmentDuration: '51' })[0]).toMatchObject({ field: 'investmentDuration' });
    expect(errors({ riskLevel: '  ' })).toEqual([{ field: 'riskLevel', message: 'Risk level is required' }]);
    expect(errors({ riskLevel: 'Low to medium' })).toEqual([
      {
        field: 'riskLevel',
        message: 'must be one of Very low, Low, Medium, High, Very high (or very_low, low, medium, high, very_high)',
      },
    ]);
  });
});

describe('ZPlanTerms', () => {
  it('accepts the seed terms and refuses broken ones with a clear message', () => {
    expect(ZPlanTerms.safeParse(silver).success).toBe(true);
    const msg = (t: Partial<TPlanTerms>) => ZPlanTerms.safeParse({ ...silver, ...t }).error?.issues[0]?.message;
    expect(msg({ termMonths: 10, payoutFrequency: 'quarterly' })).toBe(
      'Quarterly payouts need a term in whole multiples of 3 months (the term is 10 months)',
    );
    expect(msg({ termMonths: 7, payoutFrequency: 'at_maturity' })).toBeUndefined();
    expect(msg({ minAmountCents: 500_000 })).toBe('The maximum amount must be at least the minimum amount');
    expect(msg({ maxAmountCents: MAX_TRANSACTION_CENTS + 1 })).toBe('The maximum amount cannot exceed $10,000,000');
    expect(msg({ annualRateBps: 0 })).toBe('The rate must be at least 0.01%');
    expect(msg({ termMonths: 601 })).toBe('The term must be at most 600 months');
    expect(msg({ capacityCents: 0 })).toBe('The capacity must be greater than zero');
    expect(msg({ capacityCents: 50_000 })).toBe('The capacity must be at least the minimum amount');
  });
});
