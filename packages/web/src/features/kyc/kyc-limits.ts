// #33: what the member's limits leave them, worked out in integer cents from the server's decimal dollar strings.
import { centsToDollars, parseUnits, type TKycLimits } from '@vestora/contract';
import { formatMoney } from '../../lib/format';

/** A decimal dollar string from the server ("1500.00") in cents; an unreadable one counts as 0 (nothing may leave). */
export function usdCents(decimal: string): number {
  const parsed = parseUnits(decimal, 2, { signed: true });
  return parsed.ok ? Number(parsed.value) : 0;
}

/** One window of the limits (the rolling day or the rolling 30 days). */
export interface LimitWindow {
  limitCents: number;
  usedCents: number;
  /** What may still leave in this window (never below 0). */
  leftCents: number;
  /** Used share of the limit, 0 to 100 (100 when the limit is 0). */
  usedPercent: number;
}

function windowOf(limit: string, used: string): LimitWindow {
  const limitCents = Math.max(0, usdCents(limit));
  const usedCents = Math.max(0, usdCents(used));
  const leftCents = Math.max(0, limitCents - usedCents);
  const usedPercent = limitCents === 0 ? 100 : Math.min(100, Math.round((usedCents / limitCents) * 100));
  return { limitCents, usedCents, leftCents, usedPercent };
}

/** The day's and the 30 days' windows of the limits. */
export function limitWindows(limits: TKycLimits): { daily: LimitWindow; monthly: LimitWindow } {
  return {
    daily: windowOf(limits.dailyUsd, limits.usedDailyUsd),
    monthly: windowOf(limits.monthlyUsd, limits.usedMonthlyUsd),
  };
}

/** Whether the tier may withdraw at all: both windows have a limit above 0 (a missing limit is none, never "unlimited"). */
export function mayWithdraw(limits: TKycLimits): boolean {
  const { daily, monthly } = limitWindows(limits);
  return daily.limitCents > 0 && monthly.limitCents > 0;
}

/** What may leave right now: the smaller of what is left today and what is left in the 30 days. */
export function leftNowCents(limits: TKycLimits): number {
  const { daily, monthly } = limitWindows(limits);
  return Math.min(daily.leftCents, monthly.leftCents);
}

/** Cents as the reader's dollars (`$1,500.00`). */
export function money(cents: number): string {
  return formatMoney(centsToDollars(cents));
}
