import { ZPriceAlert, ZPriceAlertCreateInput, ZPriceAlertIdInput, ZPriceAlertList } from '@vestora/contract';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { createPriceAlert, deletePriceAlert, listPriceAlerts } from './alert.service.ts';

/** #31: the member's price alerts. */
export const priceAlertRouter = router({
  create: protectedProcedure
    .input(ZPriceAlertCreateInput)
    .output(ZPriceAlert)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('trade', { account: ctx.user.id });
      return createPriceAlert(ctx.deps, ctx.user, input);
    }),
  list: protectedProcedure.output(ZPriceAlertList).query(({ ctx }) => listPriceAlerts(ctx.deps, ctx.user)),
  delete: protectedProcedure
    .input(ZPriceAlertIdInput)
    .output(z.object({ id: z.string(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => deletePriceAlert(ctx.deps, ctx.user, input.id)),
});
