import { ZPreferences, ZUpdatePreferencesInput } from '@vestora/contract';
import {
  ZDeviceSession,
  ZLoginInput,
  ZRevokeSessionInput,
  ZChangeEmailInput,
  ZChangePasswordInput,
  ZConfirmEmailInput,
  ZConfirmEmailResult,
  ZEmailPolicy,
  ZMarkEmailVerifiedInput,
  ZRequestPasswordResetInput,
  ZResetPasswordInput,
  ZSignupInput,
  ZUser,
  ZUserListInput,
  ZUserPage,
  ZUserChangeResult,
  ZUserSetDisabledInput,
  ZUserUpdateInput,
} from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { listOwnSessions, revokeOtherOwnSessions, revokeOwnSession } from '../session/session.service.ts';
import { toPublicUser } from './user.mapper.ts';
import { listUsers, login, logout, signup } from './user.service.ts';
import { getPreferences, updatePreferences } from './user.preferences.ts';
import { setUserDisabled } from './user.disable.ts';
import { updateUser } from './user.update.ts';
import { roleRequestRouter } from './user.role-request.router.ts';
import { twoFactorRouter } from '../twofactor/twofactor.router.ts';
import { changePassword, requestPasswordReset, resetPassword } from './user.password.ts';
import { changeEmail, confirmEmail, emailPolicy, markEmailVerified, resendVerification } from './user.email.ts';

const ZOk = z.object({ ok: z.literal(true) });

export const userRouter = router({
  signup: publicProcedure
    .input(ZSignupInput)
    .output(ZUser)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('signup', { account: input.email, address: ctx.clientAddress });
      return signup(ctx.deps, input);
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
  /** One page of users (newest first), a prefix search on email and names, or given ids. */
  list: adminProcedure
    .input(ZUserListInput.prefault({}))
    .output(ZUserPage)
    .query(({ ctx, input }) => listUsers(ctx.deps.db, input)),
  /** An admin's edit; a change of role is not made but requested (the answer's `roleRequest`). */
  update: adminProcedure
    .input(ZUserUpdateInput)
    .output(ZUserChangeResult)
    .mutation(({ ctx, input }) => updateUser(ctx.deps, ctx.user.id, input)),
  /** Role changes a second admin approves (user.update and user.setDisabled make them). */
  roleRequest: roleRequestRouter,
  /**
   * Disable an account (its sessions end, it cannot sign in; balances and history stay) or enable it again.
   * Disabling an administrator is a request a second administrator approves (the answer's `roleRequest`).
   */
  setDisabled: adminProcedure
    .input(ZUserSetDisabledInput)
    .output(ZUserChangeResult)
    .mutation(({ ctx, input }) => setUserDisabled(ctx.deps, ctx.user.id, input)),
  /** Notification preferences, kept on the server (they follow the user to every device). */
  preferences: protectedProcedure.output(ZPreferences).query(({ ctx }) => getPreferences(ctx.deps.db, ctx.user.id)),
  updatePreferences: protectedProcedure
    .input(ZUpdatePreferencesInput)
    .output(ZPreferences)
    .mutation(({ ctx, input }) => updatePreferences(ctx.deps.db, ctx.user.id, input)),
  /** Two-factor sign-in with an authenticator app (TOTP). */
  twoFactor: twoFactorRouter,
  /** Change the password (current one required): every other session ends, a security mail says so. */
  changePassword: protectedProcedure
    .input(ZChangePasswordInput)
    .output(ZOk.extend({ otherSessionsEnded: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('password', { account: ctx.user.id, address: ctx.clientAddress });
      return changePassword(ctx.deps, { userId: ctx.user.id, sessionToken: ctx.sessionToken }, input);
    }),
  /** Start an email change (current password required): a link to the new address, a notice to the old. */
  changeEmail: protectedProcedure
    .input(ZChangeEmailInput)
    .output(ZOk.extend({ pendingEmail: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('password', { account: ctx.user.id, address: ctx.clientAddress });
      return changeEmail(ctx.deps, ctx.user, input);
    }),
  /** Where verification and email-change links land (the token is the authority: no session needed). */
  confirmEmail: publicProcedure
    .input(ZConfirmEmailInput)
    .output(ZConfirmEmailResult)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('password', { address: ctx.clientAddress });
      return confirmEmail(ctx.deps, input);
    }),
  /** A new verification link for the signed-in user's address (a few an hour). */
  resendVerification: protectedProcedure.output(ZOk).mutation(({ ctx }) => resendVerification(ctx.deps, ctx.user)),
  /** Whether mail is delivered and so whether withdrawals need a verified address. */
  emailPolicy: publicProcedure.output(ZEmailPolicy).query(({ ctx }) => emailPolicy(ctx.deps.config)),
  /** Forgot password: the same answer whether or not the address has an account. */
  requestPasswordReset: publicProcedure
    .input(ZRequestPasswordResetInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('password', { account: input.email, address: ctx.clientAddress });
      return requestPasswordReset(ctx.deps, input);
    }),
  /** Set a new password from a reset link: every session of the user ends. */
  resetPassword: publicProcedure
    .input(ZResetPasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('password', { address: ctx.clientAddress });
      return resetPassword(ctx.deps, input);
    }),
  /** An admin marks a user's address verified (audited). */
  markEmailVerified: adminProcedure
    .input(ZMarkEmailVerifiedInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => markEmailVerified(ctx.deps, ctx.user.id, input)),
});
