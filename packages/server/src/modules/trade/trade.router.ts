import {
  ZAsset,
  ZAssetUpdateInput,
  ZApprovalRef,
  ZGains,
  ZGainsInput,
  ZHoldings,
  ZTrade,
  ZTradeAcceptInput,
  ZTradeList,
  ZTradeListInput,
  ZTradeQuote,
  ZTradeQuoteInput,
  ZTreasuryFundInput,
  ZTreasurySummary,
} from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { flowEnv } from '../money/money.core.ts';
import { gains, holdings } from './trade.portfolio.ts';
import { acceptTrade, listAssets, listTrades, quoteTrade, updateAsset } from './trade.service.ts';
import { proposeTreasuryFund, treasurySummary } from './trade.treasury.ts';

/** #30: the listed assets and their trading terms. */
export const assetRouter = router({
  list: publicProcedure.output(z.array(ZAsset)).query(({ ctx }) => listAssets(ctx.deps)),
  update: adminProcedure
    .input(ZAssetUpdateInput)
    .output(ZAsset)
    .mutation(({ ctx, input }) => updateAsset(ctx.deps, ctx.user, input)),
});

/** #30: firm quotes, their one fill, and the member's trades. */
export const tradeRouter = router({
  quote: protectedProcedure
    .input(ZTradeQuoteInput)
    .output(ZTradeQuote)
    .mutation(async ({ ctx, input }) => {
      // A quote is a row and a firm price: a member's are counted (accepting one is not: it follows a quote).
      await ctx.deps.limits.consume('trade', { account: ctx.user.id });
      return quoteTrade(ctx.deps, ctx.user, input);
    }),
  accept: protectedProcedure
    .input(ZTradeAcceptInput)
    .output(ZTrade)
    .mutation(({ ctx, input }) => acceptTrade(ctx.deps, ctx.user, input.quoteId)),
  list: protectedProcedure
    .input(ZTradeListInput.prefault({}))
    .output(ZTradeList)
    .query(({ ctx, input }) => listTrades(ctx.deps, ctx.user, input)),
});

/** #30: what the member holds, its value and cost, and the gains realised per year. */
export const portfolioRouter = router({
  holdings: protectedProcedure.output(ZHoldings).query(({ ctx }) => holdings(ctx.deps, ctx.user)),
  gains: protectedProcedure
    .input(ZGainsInput)
    .output(ZGains)
    .query(({ ctx, input }) => gains(ctx.deps, ctx.user, input)),
});

/** #30 (admin): the treasury per asset, and its funding by a second administrator's approval. */
export const treasuryRouter = router({
  summary: adminProcedure.output(ZTreasurySummary).query(({ ctx }) => treasurySummary(ctx.deps)),
  fund: adminProcedure
    .input(ZTreasuryFundInput)
    .output(ZApprovalRef)
    .mutation(({ ctx, input }) => proposeTreasuryFund(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
});
