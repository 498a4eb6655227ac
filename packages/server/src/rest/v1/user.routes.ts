import type { TUser } from '@vestora/contract';
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
  ZLegacyUserUpdateResult,
} from './legacy-schemas.ts';

/** Most users one GET /user/get_all answers (the rest follow with ?cursor=). */
export const GET_ALL_MAX = 1000;
/** user.list's largest page. */
const USER_LIST_MAX_PAGE = 100;

const ZGetAllQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(GET_ALL_MAX)
    .default(GET_ALL_MAX)
    .describe(`How many users at most (1 to ${GET_ALL_MAX}; ${GET_ALL_MAX} when left out).`),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'cursor must be the X-Next-Cursor of the previous answer')
    .optional()
    .describe('The X-Next-Cursor header of the previous answer: continue after it.'),
});

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
    summary: 'Users, in sign-up order (at most 1,000 per call)',
    description:
      `The list is capped: the first ${GET_ALL_MAX} users by sign-up (or \`limit\`). When more follow, the answer ` +
      'carries `X-Next-Cursor`; send it back as `?cursor=` for the next ones. The body keeps its old shape.',
    access: 'admin',
    query: ZGetAllQuery,
    responseHeaders: {
      'X-Next-Cursor':
        'Present when the list was capped and more users follow: pass it as ?cursor= to get them. Absent on the last part.',
    },
    response: dataOf(z.array(ZLegacyUser)),
    errors: [400],
    handle: async (caller, { query, setHeader }) => {
      const users: TUser[] = [];
      let cursor = query.cursor;
      // user.list pages by at most 100: walk as many pages as the cap allows.
      while (users.length < query.limit) {
        const page = await caller.user.list({
          order: 'oldest',
          limit: Math.min(USER_LIST_MAX_PAGE, query.limit - users.length),
          ...(cursor ? { cursor } : {}),
        });
        users.push(...page.items);
        cursor = page.nextCursor ?? undefined;
        if (!cursor) break;
      }
      if (cursor) setHeader('X-Next-Cursor', cursor);
      return { data: users.map(toLegacyUser) };
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/user/update',
    summary: "Edit a user (an admin's edit panel)",
    description:
      'The body is the full edited user object, as the legacy edit panel sends it. __v, when sent, must be ' +
      'the current version (409 otherwise). A changed accountBallance is not applied: it becomes a proposal ' +
      '(`approval`, with its id) that another administrator approves, and then a ledger adjustment (reason is ' +
      'its memo, "Changed through the legacy API" when none is sent); it needs __v: without it a body is accepted ' +
      'only when it leaves the balance as it is (409 otherwise). An administrator cannot change their own balance ' +
      '(403): another administrator must. A changed accountType is not applied: it becomes a pending role request ' +
      "(`roleRequest`, with its id) that another administrator approves. Another administrator's name or email " +
      'cannot be changed here (403). A changed email of a member is not applied: the new address is sent a ' +
      'confirmation link (`emailChangeSentTo`) and the old one is told.',
    access: 'admin',
    body: ZLegacyUserUpdateBody,
    response: dataOf(ZLegacyUserUpdateResult),
    errors: [403, 404, 409],
    fieldNames: LEGACY_FIELD_NAMES,
    handle: async (caller, { body }) => {
      const { roleRequest, approval, emailChangeSentTo, ...user } = await caller.user.update(
        fromLegacyUserUpdate(body),
      );
      return {
        data: {
          ...toLegacyUser(user),
          ...(roleRequest ? { roleRequest } : {}),
          ...(approval ? { approval } : {}),
          ...(emailChangeSentTo ? { emailChangeSentTo } : {}),
        },
      };
    },
  }),
];
