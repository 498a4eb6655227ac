import { afterAll, describe, expect, test } from 'vitest';
import type { TAsset, THolding } from '@vestora/contract';
import { activateLocale } from '../../i18n';
import { draftOf, termsUpdate } from './coin-terms';
import { allocationOf, gainPalette } from './portfolio';
import { formatAmount, formatFeedPrice, formatUsd } from './trade-format';

const holding = (asset: string, valueUsd: string | null): THolding => ({
  asset,
  name: asset,
  amount: '1',
  held: '0',
  priceUsd: valueUsd,
  valueUsd,
  costUsd: '0.00',
  unrealizedUsd: null,
});

describe('the portfolio', () => {
  test('the allocation draws each holding with a positive known value, largest first', () => {
    const slices = allocationOf([
      holding('USD', '10.00'),
      holding('BTC', '250.50'),
      holding('ETH', null),
      holding('SOL', '0.00'),
    ]);
    expect(slices.map((s) => [s.asset, s.valueUsd])).toEqual([
      ['BTC', '250.50'],
      ['USD', '10.00'],
    ]);
    expect(gainPalette('-1.00')).toBe('red');
    expect(gainPalette('0.00')).toBeUndefined();
    expect(gainPalette('3.10')).toBe('green');
  });
});

describe('trading amounts on screen', () => {
  afterAll(() => activateLocale('en'));

  test('dollars with cents, coins exactly with the decimals they have, prices with every decimal', async () => {
    await activateLocale('en');
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatAmount('0.00120000', 'BTC')).toBe('0.0012 BTC');
    expect(formatAmount('0.123456789012345678', 'ETH')).toBe('0.123456789012345678 ETH');
    expect(formatAmount('2.500000000', 'SOL')).toBe('2.5 SOL');
    expect(formatFeedPrice('0.00001234')).toBe('$0.00001234');
    expect(formatFeedPrice('60000')).toBe('$60,000.00');
  });

  test('in Arabic each figure is one isolated right-to-left run', async () => {
    await activateLocale('ar');
    expect(formatUsd('5.00').startsWith('\u2067')).toBe(true);
    expect(formatAmount('0.5', 'BTC').endsWith('BTC\u2069')).toBe(true);
  });
});

describe("an admin's edit of a coin's terms", () => {
  const btc: TAsset = {
    symbol: 'BTC',
    name: 'Bitcoin',
    coinId: 'bitcoin',
    scale: 8,
    tradable: true,
    paused: false,
    minUsd: '1.00',
    maxUsd: '100000.00',
    spreadBps: 50,
    feeBps: 10,
    exposureLimitUsd: '1000000.00',
    priceUsd: '60000',
    priceAt: null,
  };

  test('sends only what changed (100 is 100.00)', () => {
    const draft = { ...draftOf(btc), maxUsd: '100000', spreadBps: '60', paused: true };
    expect(termsUpdate(btc, draft)).toEqual({
      ok: true,
      input: { symbol: 'BTC', paused: true, spreadBps: 60 },
      changed: ['paused', 'spreadBps'],
    });
    expect(termsUpdate(btc, draftOf(btc))).toEqual({ ok: true, input: { symbol: 'BTC' }, changed: [] });
  });

  test('refuses dollars finer than cents or not above zero, and basis points outside 0 to 2000', () => {
    expect(termsUpdate(btc, { ...draftOf(btc), minUsd: '0.001' })).toEqual({
      ok: false,
      field: 'minUsd',
      problem: 'dollars',
    });
    expect(termsUpdate(btc, { ...draftOf(btc), exposureLimitUsd: '0' })).toEqual({
      ok: false,
      field: 'exposureLimitUsd',
      problem: 'dollars',
    });
    expect(termsUpdate(btc, { ...draftOf(btc), feeBps: '2001' })).toEqual({
      ok: false,
      field: 'feeBps',
      problem: 'bps',
    });
    expect(termsUpdate(btc, { ...draftOf(btc), feeBps: '1.5' })).toEqual({
      ok: false,
      field: 'feeBps',
      problem: 'bps',
    });
  });
});
