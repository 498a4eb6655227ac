import { ZReferral, ZReferralGetInput } from '@vestora/contract';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { getReferral } from './referral.service.ts';

export const referralRouter = router({
  get: protectedProcedure
    .input(ZReferralGetInput)
    .output(ZReferral)
    .query(({ ctx, input }) => getReferral(ctx.deps.db, ctx.deps.config, ctx.user, input.userId)),
});
