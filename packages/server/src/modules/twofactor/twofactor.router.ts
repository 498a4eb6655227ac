import {
  ZTwoFactorBeginInput,
  ZTwoFactorBeginOutput,
  ZTwoFactorCodeInput,
  ZTwoFactorEnableOutput,
  ZTwoFactorRegenerateInput,
} from '@vestora/contract';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { beginTwoFactor, disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes } from './twofactor.service.ts';

/**
 * user.twoFactor.*: enrol an authenticator app (begin with the password, then enable with a code), turn it off
 * with a code, or replace the recovery codes with a current code.
 */
export const twoFactorRouter = router({
  /** Needs the current password (counted like every password attempt). */
  begin: protectedProcedure
    .input(ZTwoFactorBeginInput)
    .output(ZTwoFactorBeginOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('password', { account: ctx.user.id, address: ctx.clientAddress });
      return beginTwoFactor(ctx.deps, ctx.user.id, input);
    }),
  enable: protectedProcedure
    .input(ZTwoFactorCodeInput)
    .output(ZTwoFactorEnableOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('twoFactor', { account: ctx.user.email, address: ctx.clientAddress });
      return enableTwoFactor(ctx.deps, { userId: ctx.user.id, sessionToken: ctx.sessionToken }, input.code);
    }),
  disable: protectedProcedure
    .input(ZTwoFactorCodeInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('twoFactor', { account: ctx.user.email, address: ctx.clientAddress });
      return disableTwoFactor(ctx.deps, ctx.user.id, input.code);
    }),
  /** Ten new recovery codes for a current authenticator code; the old ones stop working. */
  regenerateRecoveryCodes: protectedProcedure
    .input(ZTwoFactorRegenerateInput)
    .output(ZTwoFactorEnableOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('twoFactor', { account: ctx.user.email, address: ctx.clientAddress });
      return regenerateRecoveryCodes(ctx.deps, ctx.user.id, input.code);
    }),
});
