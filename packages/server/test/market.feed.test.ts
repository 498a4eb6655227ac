import { describe, expect, it } from 'vitest';
import { FeedError, marketsUrl, parseFeedCoins, parseRetryAfter } from '../src/modules/market/market.feed.ts';

const row = (over: Record<string, unknown> = {}) => ({
  id: 'bitcoin',
  symbol: 'btc',
  name: 'Bitcoin',
  image: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png',
  current_price: 98000.5,
  market_cap: 1.9e12,
  market_cap_rank: 1,
  total_volume: 3.1e10,
  price_change_percentage_24h: -1.25,
  ...over,
});

describe('reading the feed answer', () => {
  it('keeps the fields the contract names and nothing else', () => {
    expect(parseFeedCoins([row()])).toEqual([
      {
        id: 'bitcoin',
        symbol: 'btc',
        name: 'Bitcoin',
        image: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png',
        current_price: 98000.5,
        market_cap: 1.9e12,
        total_volume: 3.1e10,
        price_change_percentage_24h: -1.25,
        last_updated: null,
      },
    ]);
    // #30: the feed's own time of the price, when it sends a readable one.
    expect(parseFeedCoins([row({ last_updated: '2026-12-01T10:00:00.000Z' })])[0]!.last_updated).toBe(
      '2026-12-01T10:00:00.000Z',
    );
    expect(parseFeedCoins([row({ last_updated: 'yesterday' })])[0]!.last_updated).toBeNull();
  });

  it('drops rows without id, name or symbol and keeps the good ones', () => {
    const coins = parseFeedCoins([
      row({ id: 'a' }),
      null,
      'bitcoin',
      row({ id: undefined }),
      row({ id: '   ' }),
      row({ id: 'b', name: 42 }),
      row({ id: 'c', symbol: null }),
      row({ id: 'd' }),
    ]);
    expect(coins.map((c) => c.id)).toEqual(['a', 'd']);
  });

  it('makes odd numbers null or numbers instead of dropping the row', () => {
    const [coin] = parseFeedCoins([
      row({ current_price: '101.5', market_cap: null, total_volume: 'lots', price_change_percentage_24h: undefined }),
    ]);
    expect(coin).toMatchObject({
      current_price: 101.5,
      market_cap: null,
      total_volume: null,
      price_change_percentage_24h: null,
    });
  });

  it('only lets http(s) image URLs through', () => {
    const coins = parseFeedCoins([
      row({ id: 'a', image: 'javascript:alert(1)' }),
      row({ id: 'b', image: null }),
      row({ id: 'c', image: 'http://img.example/c.png' }),
    ]);
    expect(coins.map((c) => c.image)).toEqual(['', '', 'http://img.example/c.png']);
  });

  it('drops duplicate ids and keeps at most 250 coins', () => {
    const many = Array.from({ length: 300 }, (_, i) => row({ id: `coin-${i}` }));
    expect(parseFeedCoins([row(), row(), ...many.slice(0, 3)]).map((c) => c.id)).toEqual([
      'bitcoin',
      'coin-0',
      'coin-1',
      'coin-2',
    ]);
    expect(parseFeedCoins(many)).toHaveLength(250);
  });

  it('refuses an answer that is not a list or has no usable row', () => {
    expect(() => parseFeedCoins({ error: 'rate limited' })).toThrow(FeedError);
    expect(() => parseFeedCoins([])).toThrow(FeedError);
    expect(() => parseFeedCoins([{}, 1, null])).toThrow(FeedError);
  });
});

describe('feed helpers', () => {
  it('builds the markets URL from a base URL with or without a trailing slash', () => {
    const expected =
      'https://api.coingecko.com/api/v3/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=250&page=1';
    expect(marketsUrl('https://api.coingecko.com')).toBe(expected);
    expect(marketsUrl('https://api.coingecko.com/')).toBe(expected);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
