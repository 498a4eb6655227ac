import {
  ZCloseAccountInput,
  ZCloseAccountLegacyInput,
  ZDataExport,
  ZPreferences,
  ZUpdatePreferencesInput,
} from '@vestora/contract';
import {
  ZLoginInput,
  ZSignupInput,
  ZUser,
  ZUserListInput,
  ZUserPage,
  ZUserChangeResult,
  ZUserSetDisabledInput,
  ZUserUpdateInput,
  ZLocale,
  ZSetLocaleInput,
  ZSetThemeInput,
  ZTheme,
} from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { toPublicUser } from './user.mapper.ts';
import { listUsers, login, logout, signup } from './user.service.ts';
import { getPreferences, updatePreferences } from './user.preferences.ts';
import { setUserDisabled } from './user.disable.ts';
import { updateUser } from './user.update.ts';
import { userSecurityProcedures } from './user.security.router.ts';
import { roleRequestRouter } from './user.role-request.router.ts';
import { closeAccount } from './user.close.ts';
import { setLocale, setTheme } from './user.appearance.ts';
import { requestDataExport } from '../dataexport/dataexport.service.ts';

const ZOk = z.object({ ok: z.literal(true) });

/**
 * user.*: sign-up, sign-in, the admin's user management and preferences; the account-security procedures
 * (password, email, two-factor, sessions) live in user.security.router.ts under the same `user.*` names.
 */
export const userRouter = router({
  ...userSecurityProcedures,
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
  /** The member's language (#22), saved on the account: e-mails, notifications and statements follow it. */
  setLocale: protectedProcedure
    .input(ZSetLocaleInput)
    .output(z.object({ locale: ZLocale }))
    .mutation(({ ctx, input }) => setLocale(ctx.deps.db, ctx.user.id, input.locale)),
  /** The member's colour theme (#22), saved on the account. */
  setTheme: protectedProcedure
    .input(ZSetThemeInput)
    .output(z.object({ theme: ZTheme }))
    .mutation(({ ctx, input }) => setTheme(ctx.deps.db, ctx.user.id, input.theme)),
  /** Who is signed in, or null: lets the web client ask without a 401 for every visitor. */
  session: publicProcedure.output(ZUser.nullable()).query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),
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
    .mutation(({ ctx, input }) => updatePreferences(ctx.deps.db, ctx.user.id, input, ctx.deps.clock.now())),
  /**
   * The owner closes their account (#21): zero balance, nothing open; current password, and the code with
   * two-factor on. Every session ends and the personal fields are erased; ledger and audit rows stay.
   */
  close: protectedProcedure
    .input(ZCloseAccountInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('password', { account: ctx.user.id, address: ctx.clientAddress });
      return closeAccount(ctx.deps, { userId: ctx.user.id, accountType: ctx.user.account_type }, input, ctx.cookies);
    }),
  /** user.close under the issue's names (`otp` for `code`), for scripts written against #21's text. */
  closeAccount: protectedProcedure
    .input(ZCloseAccountLegacyInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('password', { account: ctx.user.id, address: ctx.clientAddress });
      const { otp, currentPassword } = input;
      return closeAccount(
        ctx.deps,
        { userId: ctx.user.id, accountType: ctx.user.account_type },
        { currentPassword, ...(otp === undefined ? {} : { code: otp }) },
        ctx.cookies,
      );
    }),
  /** dataExport.request under the name. */
  exportData: protectedProcedure.output(ZDataExport).mutation(({ ctx }) => requestDataExport(ctx.deps, ctx.user.id)),
});
