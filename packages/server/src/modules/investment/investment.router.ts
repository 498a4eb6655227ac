import {
  ZInvestment,
  ZInvestmentDetail,
  ZInvestmentIdInput,
  ZInvestmentListInput,
  ZInvestmentOpenInput,
  ZInvestmentPage,
  ZInvestmentQuote,
  ZInvestmentQuoteInput,
  ZInvestmentSetRenewalInput,
  ZPortfolio,
  ZPortfolioSummary,
} from '@vestora/contract';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { listFlow } from '../money/money.core.ts';
import { portfolioOf, portfolioSummaryOf } from '../overview/overview.service.ts';
import { investmentFlow } from './investment.flow.ts';
import { getInvestment, openInvestment, quoteInvestment, redeemInvestment, setRenewal } from './investment.service.ts';

/** Investing: quote, open, list, one position with its schedule, renewal choice, early redemption, the portfolio. */
export const investmentRouter = router({
  quote: publicProcedure
    .input(ZInvestmentQuoteInput)
    .output(ZInvestmentQuote)
    .query(({ ctx, input }) => quoteInvestment(ctx.deps.db, ctx.deps.clock, input)),
  open: protectedProcedure
    .input(ZInvestmentOpenInput)
    .output(ZInvestment)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('money', { account: ctx.user.id });
      return openInvestment(ctx.deps.db, ctx.deps, ctx.user, input);
    }),
  list: protectedProcedure
    .input(ZInvestmentListInput.prefault({}))
    .output(ZInvestmentPage)
    .query(({ ctx, input }) => listFlow(ctx.deps.db, investmentFlow, ctx.user, input)),
  get: protectedProcedure
    .input(ZInvestmentIdInput)
    .output(ZInvestmentDetail)
    .query(({ ctx, input }) => getInvestment(ctx.deps.db, ctx.user, input)),
  redeem: protectedProcedure
    .input(ZInvestmentIdInput)
    .output(ZInvestment)
    .mutation(({ ctx, input }) => redeemInvestment(ctx.deps.db, ctx.deps, ctx.user, input)),
  /** What happens at maturity (owner only, until maturity). */
  setRenewal: protectedProcedure
    .input(ZInvestmentSetRenewalInput)
    .output(ZInvestment)
    .mutation(({ ctx, input }) => setRenewal(ctx.deps.db, ctx.deps, ctx.user, input)),
  portfolio: protectedProcedure.output(ZPortfolio).query(({ ctx }) => portfolioOf(ctx.deps.db, ctx.user.id)),
  /** The portfolio's three figures without the history (the sidebar asks on every page). */
  summary: protectedProcedure
    .output(ZPortfolioSummary)
    .query(({ ctx }) => portfolioSummaryOf(ctx.deps.db, ctx.user.id)),
});
