import { describe, expect, it } from 'vitest';
import { dueAtOf, firstPeriodFrom, lastDuePeriod } from './recurring.schedule.ts';

const d = (s: string) => new Date(s);

describe('recurring buy periods', () => {
  it('weekly: every 7 days from the start, the time of day kept', () => {
    const start = d('2026-03-02T09:00:00.000Z');
    expect(dueAtOf(start, 'week', 1).toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(dueAtOf(start, 'week', 3).toISOString()).toBe('2026-03-16T09:00:00.000Z');
    expect(lastDuePeriod(start, 'week', d('2026-03-02T08:59:59.999Z'))).toBe(0);
    expect(lastDuePeriod(start, 'week', d('2026-03-02T09:00:00.000Z'))).toBe(1);
    expect(lastDuePeriod(start, 'week', d('2026-03-16T08:59:59.999Z'))).toBe(2);
    expect(lastDuePeriod(start, 'week', d('2026-03-16T09:00:00.000Z'))).toBe(3);
  });

  it('monthly: the same day of the month, clamped to the month end, never drifting', () => {
    const start = d('2026-01-31T12:00:00.000Z');
    expect([1, 2, 3, 4, 13, 14].map((n) => dueAtOf(start, 'month', n).toISOString().slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2027-01-31',
      '2027-02-28',
    ]);
    expect(lastDuePeriod(start, 'month', d('2026-02-28T11:59:59.000Z'))).toBe(1);
    expect(lastDuePeriod(start, 'month', d('2026-02-28T12:00:00.000Z'))).toBe(2);
    expect(lastDuePeriod(start, 'month', d('2026-03-30T12:00:00.000Z'))).toBe(2);
    expect(lastDuePeriod(start, 'month', d('2028-03-01T00:00:00.000Z'))).toBe(26);
  });

  it('the first period at or after a time (a resume skips what fell due while paused)', () => {
    const start = d('2026-03-02T09:00:00.000Z');
    expect(firstPeriodFrom(start, 'week', d('2026-01-01T00:00:00.000Z'))).toBe(1);
    expect(firstPeriodFrom(start, 'week', d('2026-03-09T09:00:00.000Z'))).toBe(2);
    expect(firstPeriodFrom(start, 'week', d('2026-03-09T09:00:00.001Z'))).toBe(3);
    expect(firstPeriodFrom(d('2026-01-31T00:00:00.000Z'), 'month', d('2026-02-15T00:00:00.000Z'))).toBe(2);
  });
});
