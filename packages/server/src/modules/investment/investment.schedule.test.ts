import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_PLANS } from '../../db/seed.ts';
import { addMonthsUtc, buildSchedule } from './investment.schedule.ts';

const start = new Date('2026-01-31T09:30:15.250Z');

describe('addMonthsUtc', () => {
  it('counts from the start date each time and clamps to the last day of the month', () => {
    expect([1, 2, 3, 13, 12 * 4 + 1].map((m) => addMonthsUtc(start, m).toISOString())).toEqual([
      '2026-02-28T09:30:15.250Z',
      '2026-03-31T09:30:15.250Z',
      '2026-04-30T09:30:15.250Z',
      '2027-02-28T09:30:15.250Z',
      '2030-02-28T09:30:15.250Z',
    ]);
    // A leap year's February keeps the 29th; a year later there is none.
    expect(addMonthsUtc(new Date('2027-12-31T00:00:00Z'), 2).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonthsUtc(new Date('2028-02-29T23:59:59Z'), 12).toISOString()).toBe('2029-02-28T23:59:59.000Z');
    expect(addMonthsUtc(start, 0)).toEqual(start);
  });
});

describe('buildSchedule', () => {
  it('Silver, $4,999 for 2 years at 7% paid monthly: 24 payments adding up to exactly $699.86', () => {
    const s = buildSchedule({ annualRateBps: 700, termMonths: 24, payoutFrequency: 'monthly' }, 499_900, start);
    expect(s.payments).toHaveLength(24);
    expect(s.totalInterestCents).toBe(69_986);
    expect(s.amountAtMaturityCents).toBe(569_886);
    // 4,999 × 7% / 12 = $29.160833…: the cumulative due is rounded down and each month pays the difference,
    // so the fractions left behind add up to the extra cent paid in month 12 (and month 24).
    expect(s.payments.slice(0, 12).map((p) => p.interestCents)).toEqual([...Array(11).fill(2916), 2917]);
    expect(s.payments.slice(12).map((p) => p.interestCents)).toEqual([...Array(11).fill(2916), 2917]);
    expect(s.payments.reduce((a, p) => a + p.interestCents, 0)).toBe(69_986);
    expect(s.payments.map((p) => p.principalCents)).toEqual([...Array(23).fill(0), 499_900]);
    expect(s.payments[0]!.dueAt.toISOString()).toBe('2026-02-28T09:30:15.250Z');
    expect(s.maturityAt.toISOString()).toBe('2028-01-31T09:30:15.250Z');
  });

  it('at maturity: one payment of all the interest and the principal at the end of the term', () => {
    const s = buildSchedule({ annualRateBps: 650, termMonths: 18, payoutFrequency: 'at_maturity' }, 100_001, start);
    expect(s.payments).toEqual([
      { period: 1, dueAt: new Date('2027-07-31T09:30:15.250Z'), interestCents: 9750, principalCents: 100_001 },
    ]);
    expect(s.totalInterestCents).toBe(9750); // floor(100,001 × 650 × 18 / 120,000) = floor(9750.0975)
  });

  it('refuses a frequency whose period does not divide the term, and a non-positive principal', () => {
    expect(() =>
      buildSchedule({ annualRateBps: 700, termMonths: 10, payoutFrequency: 'quarterly' }, 100, start),
    ).toThrow(RangeError);
    expect(() => buildSchedule({ annualRateBps: 700, termMonths: 12, payoutFrequency: 'monthly' }, 0, start)).toThrow(
      RangeError,
    );
    expect(() => buildSchedule({ annualRateBps: 700, termMonths: 12, payoutFrequency: 'monthly' }, 1.5, start)).toThrow(
      RangeError,
    );
  });

  it('for every seeded plan and any amount within its limits and any start: the quote is exact', () => {
    const startDates = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2100-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    for (const { name, terms } of DEMO_PLANS) {
      fc.assert(
        fc.property(
          fc.integer({ min: terms.minAmountCents, max: terms.maxAmountCents }),
          startDates,
          (principal, startAt) => {
            const s = buildSchedule(terms, principal, startAt);
            // Computed independently of the implementation: P × bps × months / 120,000, rounded down.
            const expected = Number(
              (BigInt(principal) * BigInt(terms.annualRateBps) * BigInt(terms.termMonths)) / 120_000n,
            );
            expect(s.totalInterestCents, name).toBe(expected);
            expect(s.payments.reduce((a, p) => a + p.interestCents, 0)).toBe(expected);
            expect(s.payments.reduce((a, p) => a + p.principalCents, 0)).toBe(principal);
            expect(s.amountAtMaturityCents).toBe(principal + expected);
            expect(s.payments.every((p) => Number.isInteger(p.interestCents) && p.interestCents >= 0)).toBe(true);
            for (let i = 1; i < s.payments.length; i++)
              expect(s.payments[i]!.dueAt.getTime()).toBeGreaterThan(s.payments[i - 1]!.dueAt.getTime());
            expect(s.payments[0]!.dueAt.getTime()).toBeGreaterThan(startAt.getTime());
            expect(s.payments.at(-1)!.dueAt).toEqual(s.maturityAt);
            expect(s.maturityAt).toEqual(addMonthsUtc(startAt, terms.termMonths));
            expect(s.payments.map((p) => p.period)).toEqual(s.payments.map((_, i) => i + 1));
          },
        ),
        { numRuns: 200 },
      );
    }
  });

  it('the same holds for arbitrary valid terms', () => {
    const terms = fc
      .record({
        annualRateBps: fc.integer({ min: 1, max: 10_000 }),
        payoutFrequency: fc.constantFrom('monthly', 'quarterly', 'semi_annually', 'yearly', 'at_maturity' as const),
        periods: fc.integer({ min: 1, max: 50 }),
      })
      .map(({ periods, ...t }) => {
        const period = { monthly: 1, quarterly: 3, semi_annually: 6, yearly: 12, at_maturity: periods }[
          t.payoutFrequency
        ];
        return { ...t, termMonths: period * periods };
      });
    fc.assert(
      fc.property(terms, fc.integer({ min: 1, max: 1_000_000_000 }), (t, principal) => {
        const s = buildSchedule(t, principal, start);
        const expected = Number((BigInt(principal) * BigInt(t.annualRateBps) * BigInt(t.termMonths)) / 120_000n);
        expect(s.payments.reduce((a, p) => a + p.interestCents, 0)).toBe(expected);
        expect(s.payments.every((p) => p.interestCents >= 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
