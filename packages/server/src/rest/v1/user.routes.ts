import { z } from 'zod';
import { type LegacyRoute, legacyRoute } from './handler.ts';
import {
  dataOf,
  fromLegacyUserUpdate,
  LEGACY_FIELD_NAMES,
  toLegacyUser,
  ZLegacyLoginBody,
  ZLegacySignupBody,
  ZLegacyUser,
  ZLegacyUserUpdateBody,
} from './legacy-schemas.ts';

/** /api/v1/user/*: sign-up, login, session, logout and the admin's user management. */
export const userRoutes: LegacyRoute[] = [
  legacyRoute({
    method: 'POST',
    path: '/user/signup',
    summary: 'Open an account',
    description: 'accountType is accepted and ignored: sign-up always makes a user. Sign-up does not sign in.',
    access: 'public',
    body: ZLegacySignupBody,
    response: dataOf(ZLegacyUser),
    status: 201,
    errors: [409, 429],
    handle: async (caller, { body }) => ({ data: toLegacyUser(await caller.user.signup(body)) }),
  }),
  legacyRoute({
    method: 'POST',
    path: '/user/login',
    summary: 'Sign in',
    description:
      'Sets the session cookie (HttpOnly, SameSite=Lax; __Host- prefixed and Secure under https). A disabled ' +
      'account answers 403 once the password is right. With two-factor sign-in on, a right password without ' +
      '`otp` answers 401 with an `err` asking for the code (no session); send the same body again with `otp`: ' +
      'the current 6-digit authenticator code or an unused recovery code.',
    access: 'public',
    body: ZLegacyLoginBody,
    response: dataOf(ZLegacyUser),
    errors: [401, 403, 429],
    handle: async (caller, { body }) => ({ data: toLegacyUser(await caller.user.login(body)) }),
  }),
  legacyRoute({
    method: 'GET',
    path: '/user/private_data',
    summary: 'The signed-in user',
    access: 'signed-in',
    response: z.strictObject({ user: ZLegacyUser }),
    handle: async (caller) => ({ user: toLegacyUser(await caller.user.me()) }),
  }),
  // GET because legacy clients call it so; SameSite=Lax still keeps other sites from sending the cookie on
  // sub-requests, and the worst a forged top-level GET can do is sign someone out.
  legacyRoute({
    method: 'GET',
    path: '/user/logout',
    summary: 'Sign out',
    access: 'signed-in',
    response: dataOf(z.strictObject({ ok: z.literal(true) })),
    handle: async (caller) => ({ data: await caller.user.logout() }),
  }),
  legacyRoute({
    method: 'GET',
    path: '/user/get_all',
    summary: 'Every user',
    access: 'admin',
    response: dataOf(z.array(ZLegacyUser)),
    handle: async (caller) => ({ data: (await caller.user.list()).map(toLegacyUser) }),
  }),
  legacyRoute({
    method: 'POST',
    path: '/user/update',
    summary: "Edit a user (an admin's edit panel)",
    description:
      'The body is the full edited user object, as the legacy edit panel sends it. __v, when sent, must be ' +
      'the current version (409 otherwise). A changed accountBallance becomes a ledger adjustment (reason is ' +
      'its memo) and needs __v: without it a body is accepted only when it leaves the balance as it is (409 ' +
      'otherwise). An administrator cannot change their own balance (403): another administrator must.',
    access: 'admin',
    body: ZLegacyUserUpdateBody,
    response: dataOf(ZLegacyUser),
    errors: [404, 409],
    fieldNames: LEGACY_FIELD_NAMES,
    handle: async (caller, { body }) => ({ data: toLegacyUser(await caller.user.update(fromLegacyUserUpdate(body))) }),
  }),
];
