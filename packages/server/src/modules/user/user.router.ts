import { ZLoginInput, ZSignupInput, ZUser, ZUserSetDisabledInput, ZUserUpdateInput } from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { toPublicUser } from './user.mapper.ts';
import { listAllUsers, login, logout, signup } from './user.service.ts';
import { setUserDisabled } from './user.disable.ts';
import { updateUser } from './user.update.ts';
import { twoFactorRouter } from '../twofactor/twofactor.router.ts';

const ZOk = z.object({ ok: z.literal(true) });

export const userRouter = router({
  signup: publicProcedure
    .input(ZSignupInput)
    .output(ZUser)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('signup', { account: input.email, address: ctx.clientAddress });
      return signup(ctx.deps.db, input);
    }),
  login: publicProcedure
    .input(ZLoginInput)
    .output(ZUser)
    .mutation(async ({ ctx, input }) => {
      // Counted here, after routing: every path spelling and every call of a batch reaches this line.
      await ctx.deps.limits.consume('login', { account: input.email, address: ctx.clientAddress });
      // Codes are counted apart (a second factor must not get the password's budget on top of its own).
      if (input.otp !== undefined) {
        await ctx.deps.limits.consume('twoFactor', { account: input.email, address: ctx.clientAddress });
      }
      return login(ctx.deps, input, {
        previousToken: ctx.sessionToken,
        cookies: ctx.cookies,
      });
    }),
  logout: protectedProcedure
    .output(ZOk)
    .mutation(({ ctx }) => logout(ctx.deps.db, { userId: ctx.user.id, sessionToken: ctx.sessionToken }, ctx.cookies)),
  me: protectedProcedure.output(ZUser).query(({ ctx }) => toPublicUser(ctx.user)),
  /** Who is signed in, or null: lets the web client ask without a 401 for every visitor. */
  session: publicProcedure.output(ZUser.nullable()).query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),
  list: adminProcedure.output(z.array(ZUser)).query(({ ctx }) => listAllUsers(ctx.deps.db)),
  update: adminProcedure
    .input(ZUserUpdateInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => updateUser(ctx.deps.db, ctx.user.id, input)),
  /** Disable an account (its sessions end, it cannot sign in; balances and history stay) or enable it again. */
  setDisabled: adminProcedure
    .input(ZUserSetDisabledInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => setUserDisabled(ctx.deps, ctx.user.id, input)),
  /** Two-factor sign-in with an authenticator app (TOTP). */
  twoFactor: twoFactorRouter,
});
