import {
  ZChangeEmailInput,
  ZChangePasswordInput,
  ZConfirmEmailInput,
  ZConfirmEmailResult,
  ZDeviceSession,
  ZEmailPolicy,
  ZMarkEmailVerifiedInput,
  ZRequestPasswordResetInput,
  ZResetPasswordInput,
  ZRevokeSessionInput,
  ZUser,
} from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, protectedProcedure, publicProcedure } from '../../trpc/init.ts';
import { listOwnSessions, revokeOtherOwnSessions, revokeOwnSession } from '../session/session.service.ts';
import { twoFactorRouter } from '../twofactor/twofactor.router.ts';
import { changeEmail, confirmEmail, emailPolicy, markEmailVerified, resendVerification } from './user.email.ts';
import { changePassword, requestPasswordReset, resetPassword } from './user.password.ts';

const ZOk = z.object({ ok: z.literal(true) });

/**
 * The account-security procedures: password, email, two-factor and sessions. Spread into `userRouter`, so their
 * names stay `user.changePassword`, `user.twoFactor.begin`... (the typed client and REST adapter see one router).
 */
export const userSecurityProcedures = {
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
};
