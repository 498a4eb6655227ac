import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { ZAmountText, parseDollars } from './money-form';

describe('typed dollar amounts', () => {
  afterAll(() => activateLocale('en'));

  it('reads English figures as before', () => {
    expect(parseDollars('$1,250.50')).toBe(1250.5);
    expect(parseDollars('250')).toBe(250);
    expect(parseDollars('1.250')).toBeNull();
    expect(parseDollars('12.345,6')).toBeNull();
    expect(ZAmountText.safeParse('').error?.issues[0]?.message).toBe('Enter an amount');
    expect(ZAmountText.safeParse('1.234').error?.issues[0]?.message).toBe(
      'Enter an amount in dollars with at most 2 decimals, e.g. 250.00',
    );
  });

  it('reads a decimal comma and dotted thousands the way a German writes them', async () => {
    await activateLocale('de');
    expect(parseDollars('250,50')).toBe(250.5);
    expect(parseDollars('1.250,50 $')).toBe(1250.5);
    expect(parseDollars('1.250')).toBe(1250);
    // A dot before one or two final digits is still a decimal point, never a factor of 100.
    expect(parseDollars('250.50')).toBe(250.5);
    expect(parseDollars('1,234')).toBeNull();
    expect(ZAmountText.safeParse('').error?.issues[0]?.message).toBe('Geben Sie einen Betrag ein');
  });

  it('reads Arabic-Indic digits', async () => {
    await activateLocale('ar');
    expect(parseDollars('٢٥٠٫٥٠')).toBe(250.5);
    expect(parseDollars('1,250.50')).toBe(1250.5);
  });
});
