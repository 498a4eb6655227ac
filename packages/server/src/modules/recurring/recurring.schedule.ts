// When a recurring buy's periods fall due: period 1 at the start, then every week (7 × 24 h) or every month on
// the start's day of the month, clamped to the month's end (Jan 31 → Feb 28 → Mar 31), counted from the start
// each time (never chained), in UTC, the time of day kept.
import { addMonthsUtc } from '../investment/investment.schedule.ts';

export type Every = 'week' | 'month';

const WEEK_MS = 7 * 86_400_000;

/** When period `period` (1: the start) falls due. */
export function dueAtOf(start: Date, every: Every, period: number): Date {
  if (every === 'week') return new Date(start.getTime() + (period - 1) * WEEK_MS);
  return addMonthsUtc(start, period - 1);
}

/** The last period due at `now` (0 when the first is still ahead). */
export function lastDuePeriod(start: Date, every: Every, now: Date): number {
  if (now < start) return 0;
  let n =
    every === 'week'
      ? Math.floor((now.getTime() - start.getTime()) / WEEK_MS) + 1
      : (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + (now.getUTCMonth() - start.getUTCMonth()) + 1;
  // The month estimate may be one ahead (the day or time of this month not reached yet).
  while (n > 1 && dueAtOf(start, every, n) > now) n -= 1;
  while (dueAtOf(start, every, n + 1) <= now) n += 1;
  return n;
}

/** The first period due at or after `at`. */
export function firstPeriodFrom(start: Date, every: Every, at: Date): number {
  const last = lastDuePeriod(start, every, at);
  if (last === 0) return 1;
  return dueAtOf(start, every, last).getTime() === at.getTime() ? last : last + 1;
}
