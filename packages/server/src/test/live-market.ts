import type { TCoin } from '@vestora/contract';
import type { Clock } from '../deps.ts';
import { buildMarketReply } from '../modules/market/market.reply.ts';
import type { MarketService } from '../modules/market/market.service.ts';
import { offlineMarketService } from './fake-market-feed.ts';

/** The coins trading tests price (feed ids as the bundled assets name them). */
export const LIVE_COINS: Record<string, { id: string; symbol: string; name: string }> = {
  BTC: { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
  ETH: { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
  USDT: { id: 'tether', symbol: 'usdt', name: 'Tether' },
  SOL: { id: 'solana', symbol: 'sol', name: 'Solana' },
  XRP: { id: 'ripple', symbol: 'xrp', name: 'XRP' },
  LTC: { id: 'litecoin', symbol: 'ltc', name: 'Litecoin' },
  DOGE: { id: 'dogecoin', symbol: 'doge', name: 'Dogecoin' },
};

/**
 * A market service whose feed answered "now" on the given clock with the given prices (source `live`), as
 * the real cache would serve them: a test sets prices, fails the feed (the last data then ages, `stale`), or
 * serves only the snapshot. Never touches the network.
 */
export interface LiveMarket extends MarketService {
  /** Sets prices (dollars per coin, by symbol) as fetched now; the feed's own time is now too unless given. */
  setPrices(prices: Record<string, number>, feedTime?: Date): void;
  /** The feed stops answering: the last data is served as `stale` and ages. */
  fail(): void;
  /** Nothing ever came from the feed: the bundled snapshot is served. */
  snapshotOnly(): void;
}

export function liveMarket(clock: Clock, prices: Record<string, number> = { BTC: 100_000, ETH: 4_000 }): LiveMarket {
  const offline = offlineMarketService();
  let coins: TCoin[] = [];
  let fetchedAt = clock.now();
  let source: 'live' | 'stale' | 'snapshot' = 'live';
  const set = (p: Record<string, number>, feedTime?: Date) => {
    fetchedAt = clock.now();
    source = 'live';
    coins = Object.entries(p).map(([sym, price]) => {
      const c = LIVE_COINS[sym] ?? { id: sym.toLowerCase(), symbol: sym.toLowerCase(), name: sym };
      return {
        ...c,
        image: '',
        current_price: price,
        price_change_percentage_24h: 0,
        total_volume: 1,
        market_cap: 1,
        last_updated: (feedTime ?? fetchedAt).toISOString(),
      };
    });
  };
  set(prices);
  const data = () => ({ coins, source, fetchedAt: fetchedAt.toISOString() });
  return {
    setPrices: set,
    fail: () => {
      source = 'stale';
    },
    snapshotOnly: () => {
      source = 'snapshot';
    },
    getCoins: async () => (source === 'snapshot' ? offline.getCoins() : data()),
    getReply: async () => (source === 'snapshot' ? offline.getReply() : buildMarketReply(data())),
    cacheAgeSeconds: () => Math.floor((clock.now().getTime() - fetchedAt.getTime()) / 1000),
    getChart: offline.getChart,
  };
}
