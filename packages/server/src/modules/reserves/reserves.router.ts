import {
  ZReservesDeclareInput,
  ZReservesMyProof,
  ZReservesProof,
  ZReservesProofInput,
  ZReservesPublishResult,
  ZReservesSummary,
} from '@vestora/contract';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { declareReserves, myProof, proofFor, publishMonth, reservesSummary } from './reserves.service.ts';

/** #32: reserves in the open, and each member's proof that their balance is in the published tree. */
export const reservesRouter = router({
  summary: publicProcedure.output(ZReservesSummary).query(({ ctx }) => reservesSummary(ctx.deps)),
  proof: protectedProcedure
    .input(ZReservesProofInput)
    .output(ZReservesProof)
    .query(({ ctx, input }) => proofFor(ctx.deps, ctx.user, input?.month)),
  myProof: protectedProcedure.output(ZReservesMyProof).query(({ ctx }) => myProof(ctx.deps, ctx.user)),
  declare: adminProcedure
    .input(ZReservesDeclareInput)
    .output(ZReservesSummary)
    .mutation(({ ctx, input }) => declareReserves(ctx.deps, ctx.user, input)),
  /** Publishes the last closed month now (the monthly job does it too); nothing new when it was. */
  publish: adminProcedure
    .output(ZReservesPublishResult)
    .mutation(({ ctx }) => publishMonth(ctx.deps, { actorId: ctx.user.id })),
});
