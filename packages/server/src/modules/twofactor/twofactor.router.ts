import { ZTwoFactorBeginOutput, ZTwoFactorCodeInput, ZTwoFactorEnableOutput } from '@vestora/contract';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { beginTwoFactor, disableTwoFactor, enableTwoFactor } from './twofactor.service.ts';

/** user.twoFactor.*: enrol an authenticator app (begin, then enable with a code), or turn it off with a code. */
export const twoFactorRouter = router({
  begin: protectedProcedure.output(ZTwoFactorBeginOutput).mutation(({ ctx }) => beginTwoFactor(ctx.deps, ctx.user.id)),
  enable: protectedProcedure
    .input(ZTwoFactorCodeInput)
    .output(ZTwoFactorEnableOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('twoFactor', { account: ctx.user.email, address: ctx.clientAddress });
      return enableTwoFactor(ctx.deps, ctx.user.id, input.code);
    }),
  disable: protectedProcedure
    .input(ZTwoFactorCodeInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('twoFactor', { account: ctx.user.email, address: ctx.clientAddress });
      return disableTwoFactor(ctx.deps, ctx.user.id, input.code);
    }),
});
