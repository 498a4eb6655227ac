import { ZMarketChart, ZMarketChartInput, ZMarketCoins } from '@vestora/contract';
import { publicProcedure, router } from '../../trpc/init.ts';

/** Market data for the home list and the chart: public, served from the server's cache. */
export const marketRouter = router({
  coins: publicProcedure.output(ZMarketCoins).query(({ ctx }) => ctx.deps.market.getCoins()),
  /** One coin's price history (Price Trends), from the feed's market_chart through the server's cache. */
  chart: publicProcedure
    .input(ZMarketChartInput)
    .output(ZMarketChart)
    .query(({ ctx, input }) => ctx.deps.market.getChart(input.coinId, input.days)),
});
