import { describe, expect, test } from 'vitest';
import { leftNowCents, limitWindows, mayWithdraw, usdCents } from './kyc-limits';

const limits = (dailyUsd: string, monthlyUsd: string, usedDailyUsd = '0.00', usedMonthlyUsd = '0.00') => ({
  dailyUsd,
  monthlyUsd,
  usedDailyUsd,
  usedMonthlyUsd,
});

describe('the limits as the member sees them', () => {
  test('reads the decimal dollars exactly, in cents', () => {
    expect(usdCents('1500.00')).toBe(150_000);
    expect(usdCents('0.29')).toBe(29);
    expect(usdCents('not a number')).toBe(0);
  });

  test('tier 0 with no configured limit may not withdraw; an unset limit is never unlimited', () => {
    expect(mayWithdraw(limits('0.00', '0.00'))).toBe(false);
    expect(mayWithdraw(limits('2000.00', '0.00'))).toBe(false);
    expect(mayWithdraw(limits('2000.00', '10000.00'))).toBe(true);
    expect(limitWindows(limits('0.00', '0.00')).daily.usedPercent).toBe(100);
  });

  test('what is left is the smaller window, never below zero, and the bars are the used share', () => {
    const l = limits('2000.00', '10000.00', '1500.50', '9800.00');
    const { daily, monthly } = limitWindows(l);
    expect(daily).toEqual({ limitCents: 200_000, usedCents: 150_050, leftCents: 49_950, usedPercent: 75 });
    expect(monthly.leftCents).toBe(20_000);
    expect(leftNowCents(l)).toBe(20_000);
    expect(limitWindows(limits('100.00', '100.00', '150.00', '150.00')).daily).toMatchObject({
      leftCents: 0,
      usedPercent: 100,
    });
  });
});
