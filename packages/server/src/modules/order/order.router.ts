import { ZOrder, ZOrderCancelInput, ZOrderList, ZOrderListInput, ZOrderPlaceInput } from '@vestora/contract';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { cancelOrder, listOrders, placeOrder } from './order.service.ts';

/** #31: limit orders: placed with what they need set aside, cancelled, listed with why an open one waits. */
export const orderRouter = router({
  place: protectedProcedure
    .input(ZOrderPlaceInput)
    .output(ZOrder)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('trade', { account: ctx.user.id });
      return placeOrder(ctx.deps, ctx.user, input);
    }),
  cancel: protectedProcedure
    .input(ZOrderCancelInput)
    .output(ZOrder)
    .mutation(({ ctx, input }) => cancelOrder(ctx.deps, ctx.user, input.id)),
  list: protectedProcedure
    .input(ZOrderListInput)
    .output(ZOrderList)
    .query(({ ctx, input }) => listOrders(ctx.deps, ctx.user, input.status)),
});
