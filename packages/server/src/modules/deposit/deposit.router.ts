import {
  ZDeposit,
  ZDepositListInput,
  ZDepositPage,
  ZDepositRequestInput,
  ZDepositInstructions,
  ZDepositReviewInput,
} from '@vestora/contract';
import { adminProcedure, protectedProcedure, router } from '../../trpc/init.ts';
import { depositFlow, requestDeposit, reviewDeposit } from './deposit.service.ts';
import { flowEnv, listFlow } from '../money/money.core.ts';
import { depositInstructions } from './deposit.instructions.ts';

/** Deposits: a user declares a transfer, an admin confirms (credits) or rejects it. */
export const depositRouter = router({
  request: protectedProcedure
    .input(ZDepositRequestInput)
    .output(ZDeposit)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('money', { account: ctx.user.id });
      return requestDeposit(ctx.deps.db, ctx.user, input, {
        env: flowEnv(ctx.deps),
        maxPending: ctx.deps.config.MAX_PENDING_DEPOSITS,
      });
    }),
  review: adminProcedure
    .input(ZDepositReviewInput)
    .output(ZDeposit)
    .mutation(({ ctx, input }) => reviewDeposit(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
  instructions: protectedProcedure
    .output(ZDepositInstructions)
    .query(({ ctx }) => depositInstructions(ctx.deps.db, ctx.user.id)),
  list: protectedProcedure
    .input(ZDepositListInput.prefault({}))
    .output(ZDepositPage)
    .query(({ ctx, input }) => listFlow(ctx.deps.db, depositFlow, ctx.user, input)),
});
