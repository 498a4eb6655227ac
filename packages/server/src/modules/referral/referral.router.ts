import { ZReferral, ZReferralFriends, ZReferralGetInput } from '@vestora/contract';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { getReferral, getReferredFriends } from './referral.service.ts';

export const referralRouter = router({
  get: protectedProcedure
    .input(ZReferralGetInput)
    .output(ZReferral)
    .query(({ ctx, input }) => getReferral(ctx.deps.db, ctx.deps.config, ctx.user, input.userId)),
  /** The signed-in user's referred friends and the rewards their first investments paid. */
  friends: protectedProcedure.output(ZReferralFriends).query(({ ctx }) => getReferredFriends(ctx.deps.db, ctx.user)),
});
