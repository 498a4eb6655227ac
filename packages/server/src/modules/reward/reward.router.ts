import { ZReward } from '@vestora/contract';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { listRewards } from './reward.service.ts';

/** Badges earned or locked from the signed-in user's real data. */
export const rewardRouter = router({
  list: protectedProcedure.output(z.array(ZReward)).query(({ ctx }) => listRewards(ctx.deps, ctx.user)),
});
