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
  /** The feed's own time for this price (ISO); a trade's price ages from the older of it and our fetch (#30). */
  last_updated: z.string().nullable().optional(),
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

/** The periods Price Trends offers, in days (the feed's market_chart `days`). */
export const MARKET_CHART_DAYS = [1, 7, 30, 90, 365] as const;

/** market.chart: one coin's price history; the id is the feed's coin id (as in market.coins). */
export const ZMarketChartInput = z.strictObject({
  coinId: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'coinId: a coin id such as bitcoin (lower-case letters, digits, dashes).'),
  days: z.union(MARKET_CHART_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]], {
    error: `days: one of ${MARKET_CHART_DAYS.join(', ')}.`,
  }),
});
export type TMarketChartInput = z.input<typeof ZMarketChartInput>;

export const ZMarketChart = z.object({
  coinId: z.string(),
  days: z.number().int(),
  /** [time in ms since the epoch, price in USD], oldest first. */
  prices: z.array(z.tuple([z.number(), z.number()])),
  /** live: fetched within the cache TTL; stale: the last good answer, served because the feed failed. */
  source: z.enum(['live', 'stale']),
  fetchedAt: z.string(),
});
export type TMarketChart = z.infer<typeof ZMarketChart>;
