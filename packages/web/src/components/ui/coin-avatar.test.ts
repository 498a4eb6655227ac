import { describe, expect, it } from 'vitest';
import { coinLetters, coinLogoSrc } from './coin-avatar';

describe('coin avatars (#34)', () => {
  it("loads a coin's logo from our own server, never from the feed's image host", () => {
    expect(
      coinLogoSrc({ id: 'usd-coin', image: 'https://coin-images.coingecko.com/coins/images/6319/large/usdc.png' }),
    ).toBe('/api/market/logo/usd-coin');
    expect(coinLogoSrc({ id: 'a/b?c', image: 'https://x.example/a.png' })).toBe('/api/market/logo/a%2Fb%3Fc');
    // No image named by the feed: the letters at once, no request.
    expect(coinLogoSrc({ id: 'bitcoin', image: '' })).toBeNull();
  });

  it('tells Tether from USD Coin in the letters shown without a logo', () => {
    expect(coinLetters('Tether', 'usdt')).toBe('USDT');
    expect(coinLetters('USD Coin', 'usdc')).toBe('USDC');
    expect(coinLetters('Bitcoin', 'btc')).toBe('BTC');
    expect(coinLetters('Some Coin')).toBe('SOME');
  });
});
