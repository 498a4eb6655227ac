import { z } from 'zod';

/** One coin as the market feed (/api/v3/coins/markets) sends it; only the fields we use. */
export const ZCoin = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  image: z.string(),
  current_price: z.number().nullable(),
  price_change_percentage_24h: z.number().nullable(),
  total_volume: z.number().nullable(),
  market_cap: z.number().nullable(),
});
export type TCoin = z.infer<typeof ZCoin>;

/**
 * live: fetched within the cache TTL; stale: the last good data, served because the feed failed;
 * snapshot: bundled data, served because the feed has never answered.
 */
export const ZMarketSource = z.enum(['live', 'stale', 'snapshot']);
export const ZMarketCoins = z.object({
  coins: z.array(ZCoin),
  source: ZMarketSource,
  /** When this data was fetched from the feed (for the snapshot: when the snapshot was taken). */
  fetchedAt: z.string(),
});
export type TMarketCoins = z.infer<typeof ZMarketCoins>;
