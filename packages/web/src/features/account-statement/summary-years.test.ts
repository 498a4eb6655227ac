import { describe, expect, it } from 'vitest';
import { summaryYears } from './summary-years';

describe('summaryYears', () => {
  it('opens on the year of the newest statement, not always last year', () => {
    // A member who joined this year: last year has nothing of theirs.
    expect(summaryYears(2026, '2026-03', '2026-11')).toEqual({ years: ['2026', '2025'], initial: '2026' });
    // In January the newest statement is December's: the year just ended.
    expect(summaryYears(2027, '2025-06', '2026-12')).toEqual({ years: ['2027', '2026', '2025'], initial: '2026' });
  });

  it('without statements opens on this year, and offers last year too', () => {
    expect(summaryYears(2026, undefined, undefined)).toEqual({ years: ['2026', '2025'], initial: '2026' });
  });
});
