import { ZMarketCoins } from '@vestora/contract';
import { publicProcedure, router } from '../../trpc/init.ts';

/** Market data for the home list and the chart: public, served from the server's cache. */
export const marketRouter = router({
  coins: publicProcedure.output(ZMarketCoins).query(({ ctx }) => ctx.deps.market.getCoins()),
});
