import { ZRecurringBuy, ZRecurringBuyCreateInput, ZRecurringBuyIdInput, ZRecurringBuyList } from '@vestora/contract';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.ts';
import {
  createRecurringBuy,
  deleteRecurringBuy,
  listRecurringBuys,
  pauseRecurringBuy,
  resumeRecurringBuy,
} from './recurring.service.ts';

/** #31: the member's recurring buys (always their own; another member's id is a 404). */
export const recurringBuyRouter = router({
  create: protectedProcedure
    .input(ZRecurringBuyCreateInput)
    .output(ZRecurringBuy)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('trade', { account: ctx.user.id });
      return createRecurringBuy(ctx.deps, ctx.user, input, ctx.user.locale);
    }),
  list: protectedProcedure
    .output(ZRecurringBuyList)
    .query(({ ctx }) => listRecurringBuys(ctx.deps, ctx.user, ctx.user.locale)),
  pause: protectedProcedure
    .input(ZRecurringBuyIdInput)
    .output(ZRecurringBuy)
    .mutation(({ ctx, input }) => pauseRecurringBuy(ctx.deps, ctx.user, input.id, ctx.user.locale)),
  resume: protectedProcedure
    .input(ZRecurringBuyIdInput)
    .output(ZRecurringBuy)
    .mutation(({ ctx, input }) => resumeRecurringBuy(ctx.deps, ctx.user, input.id, ctx.user.locale)),
  delete: protectedProcedure
    .input(ZRecurringBuyIdInput)
    .output(z.object({ id: z.string(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteRecurringBuy(ctx.deps, ctx.user, input.id)),
});
