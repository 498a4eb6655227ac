import {
  ZChangeEmailInput,
  ZChangePasswordInput,
  ZConfirmEmailInput,
  ZConfirmEmailResult,
  ZEmailPolicy,
  ZLoginInput,
  ZMarkEmailVerifiedInput,
  ZRequestPasswordResetInput,
  ZResetPasswordInput,
  ZSignupInput,
  ZUser,
  ZUserSetDisabledInput,
  ZUserUpdateInput,
} from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { toPublicUser } from './user.mapper.ts';
import { listAllUsers, login, logout, signup } from './user.service.ts';
import { setUserDisabled } from './user.disable.ts';
import { updateUser } from './user.update.ts';
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
