import { ZProfileUpdateInput } from '@vestora/contract';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { updateProfile } from './profile.service.ts';

/** The signed-in member's own details (Settings). */
export const profileRouter = router({
  update: protectedProcedure
    .input(ZProfileUpdateInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user.id, input)),
});
