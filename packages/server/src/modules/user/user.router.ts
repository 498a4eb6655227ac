import { ZPreferences, ZUpdatePreferencesInput } from '@vestora/contract';
import {
  ZDeviceSession,
  ZLoginInput,
  ZRevokeSessionInput,
  ZSignupInput,
  ZUser,
  ZUserSetDisabledInput,
  ZUserUpdateInput,
} from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { listOwnSessions, revokeOtherOwnSessions, revokeOwnSession } from '../session/session.service.ts';
import { toPublicUser } from './user.mapper.ts';
import { listAllUsers, login, logout, signup } from './user.service.ts';
import { getPreferences, updatePreferences } from './user.preferences.ts';
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
        origin: { userAgent: ctx.userAgent, ip: ctx.clientAddress },
      });
    }),
  logout: protectedProcedure
    .output(ZOk)
    .mutation(({ ctx }) => logout(ctx.deps.db, { userId: ctx.user.id, sessionToken: ctx.sessionToken }, ctx.cookies)),
  me: protectedProcedure.output(ZUser).query(({ ctx }) => toPublicUser(ctx.user)),
  /** Who is signed in, or null: lets the web client ask without a 401 for every visitor. */
  session: publicProcedure.output(ZUser.nullable()).query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),
  /** The signed-in devices of the caller: browser and system, address, created, last seen, this device. */
  sessions: protectedProcedure
    .output(z.array(ZDeviceSession))
    .query(({ ctx }) => listOwnSessions(ctx.deps, ctx.user, ctx.sessionToken)),
  /** Signs one of the caller's own devices out (another user's session id is 404 and nothing changes). */
  revokeSession: protectedProcedure
    .input(ZRevokeSessionInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => revokeOwnSession(ctx.deps.db, ctx.user.id, input.id)),
  /** Signs every device of the caller out except this one. */
  revokeOtherSessions: protectedProcedure
    .output(z.object({ ended: z.number().int() }))
    .mutation(({ ctx }) => revokeOtherOwnSessions(ctx.deps.db, ctx.user.id, ctx.sessionToken)),
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
  /** Notification preferences, kept on the server (they follow the user to every device). */
  preferences: protectedProcedure.output(ZPreferences).query(({ ctx }) => getPreferences(ctx.deps.db, ctx.user.id)),
  updatePreferences: protectedProcedure
    .input(ZUpdatePreferencesInput)
    .output(ZPreferences)
    .mutation(({ ctx, input }) => updatePreferences(ctx.deps.db, ctx.user.id, input)),
  /** Two-factor sign-in with an authenticator app (TOTP). */
  twoFactor: twoFactorRouter,
});
