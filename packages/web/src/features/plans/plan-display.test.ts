import { deriveLegacyText, type TPlanTerms } from '@vestora/contract';
import { describe, expect, it } from 'vitest';
import { backAtMaximum, planRows, termWords } from './plan-display';

const silverTerms: TPlanTerms = {
  annualRateBps: 700,
  minAmountCents: 1_000_00,
  maxAmountCents: 4_999_00,
  termMonths: 24,
  payoutFrequency: 'monthly',
  riskLevel: 'Low to medium',
  earlyExitAllowed: true,
  capacityCents: null,
};
const silver = {
  ...deriveLegacyText(silverTerms),
  annualRateBps: 700,
  minAmount: 1_000,
  maxAmount: 4_999,
  termMonths: 24,
  payoutFrequency: 'monthly' as const,
  earlyExitAllowed: true,
  capacity: null,
  remainingCapacity: null,
  investmentPlanDescription: 'Two years, paid monthly.',
};
const value = (rows: ReturnType<typeof planRows>, label: string) => rows.find((r) => r.label === label)?.value;

describe('plan card rows', () => {
  it('say what each figure is, and the amount back at maturity is exact, never rounded up', () => {
    const rows = planRows(silver);
    expect(value(rows, 'At maturity')).toBe('On $4,999: $5,698.86 back');
    expect(backAtMaximum(silver)).toEqual({ amount: 4_999, back: 5_698.86 });
    expect(value(rows, 'Interest rate')).toBe('7% a year');
    expect(value(rows, 'Amount per investment')).toBe('$1,000 - $4,999');
    expect(value(rows, 'Interest paid')).toBe('Monthly');
    expect(value(rows, 'Term')).toBe('2 years');
    expect(value(rows, 'Interest over the term')).toBe('14% of the amount');
    expect(rows.map((r) => r.label)).not.toContain('Returns');
    expect(rows.map((r) => r.label)).not.toContain('Total return');
    expect(rows.some((r) => r.value.includes('$5,699'))).toBe(false);
  });

  it('show the early-exit rule and the capacity left', () => {
    expect(value(planRows(silver), 'Early exit')).toMatch(/^Allowed/);
    expect(value(planRows({ ...silver, earlyExitAllowed: false }), 'Early exit')).toMatch(/^Not allowed/);
    expect(value(planRows(silver), 'Capacity left')).toBeUndefined();
    expect(value(planRows({ ...silver, capacity: 2_000_000, remainingCapacity: 1_995_000.5 }), 'Capacity left')).toBe(
      '$1,995,000.50 of $2,000,000',
    );
  });

  it('name terms in months or years', () => {
    expect(termWords(12)).toBe('1 year');
    expect(termWords(60)).toBe('5 years');
    expect(termWords(6)).toBe('6 months');
    expect(termWords(18)).toBe('18 months');
  });
});
