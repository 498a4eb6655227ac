import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { formatAssetAmount, formatMoney } from './format';

// formatMoney takes dollars (what the wire carries); formatAssetAmount takes an asset's decimal string.
describe('formatMoney takes dollars', () => {
  afterAll(() => activateLocale('en'));

  it('writes dollars as every screen shows them', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-3)).toBe('-$3.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('—');
  });
});

describe('formatAssetAmount writes coin amounts exactly, in the reader’s digits', () => {
  afterAll(() => activateLocale('en'));

  it('keeps every decimal of the scale, or trims them when asked', async () => {
    await activateLocale('en');
    expect(formatAssetAmount('0.00120000', 'BTC')).toBe('0.00120000 BTC');
    expect(formatAssetAmount('0.0012', 'BTC')).toBe('0.00120000 BTC');
    expect(formatAssetAmount('0.00120000', 'BTC', { trim: true })).toBe('0.0012 BTC');
    expect(formatAssetAmount('21000000', 'BTC', { trim: true })).toBe('21,000,000 BTC');
    expect(formatAssetAmount('-0.00000546', 'BTC')).toBe('-0.00000546 BTC');
    expect(formatAssetAmount('2.5', 'SOL', { scale: 9 })).toBe('2.500000000 SOL');
  });

  it('loses no digit of 18 decimals or 78 digits (no float on the way)', async () => {
    await activateLocale('en');
    expect(formatAssetAmount('0.000000000000000001', 'ETH')).toBe('0.000000000000000001 ETH');
    expect(formatAssetAmount('9007199254740993.5', 'ETH', { trim: true })).toBe('9,007,199,254,740,993.5 ETH');
    const max256 = '115792089237316195423570985008687907853269984665640564039457.584007913129639935';
    expect(formatAssetAmount(max256, 'ETH')).toBe(
      '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584007913129639935 ETH',
    );
  });

  it('reads USD as formatMoney does, in every language', async () => {
    for (const locale of ['en', 'de', 'es', 'pt-BR', 'ar'] as const) {
      await activateLocale(locale);
      for (const [text, dollars] of [
        ['1234.50', 1234.5],
        ['-3', -3],
        ['0', 0],
        ['9999999.99', 9_999_999.99],
      ] as const) {
        expect(formatAssetAmount(text, 'USD'), `${locale} ${text}`).toBe(formatMoney(dollars));
      }
    }
  });

  it('writes the reader’s separators, and Arabic-Indic digits where the locale uses them', async () => {
    await activateLocale('de');
    expect(formatAssetAmount('1234.00120000', 'BTC')).toBe('1.234,00120000 BTC');
    await activateLocale('en');
    expect(formatAssetAmount('1234.00120000', 'BTC', { locale: 'ar-EG' })).toBe('١٬٢٣٤٫٠٠١٢٠٠٠٠ BTC');
    await activateLocale('ar');
    // In Arabic the figure is one right-to-left run, so the symbol stays on its side; digits as Intl writes 'ar'.
    const digits = new Intl.NumberFormat('ar', { minimumFractionDigits: 8 }).format('0.0012' as unknown as number);
    expect(formatAssetAmount('0.00120000', 'BTC')).toBe(`\u2067${digits} BTC\u2069`);
  });

  it('shows a dash for what is no amount of the asset’s scale', async () => {
    await activateLocale('en');
    expect(formatAssetAmount('0.000000001', 'BTC')).toBe('—'); // 9 decimals for a scale of 8
    expect(formatAssetAmount('1e-8', 'BTC')).toBe('—');
    expect(formatAssetAmount('abc', 'BTC')).toBe('—');
    expect(formatAssetAmount(null, 'BTC')).toBe('—');
    expect(formatAssetAmount('1', 'DOGE')).toBe('—'); // no scale known for it and none given
  });
});
