import type { FastifyInstance } from 'fastify';
import { bodyObject, legacyHandler } from './handler.ts';
import {
  fromLegacyBody,
  LEGACY_FIELD_NAMES,
  refusePasswordField,
  toLegacyUser,
  USER_READ_ONLY_ECHOES,
} from './legacy-shapes.ts';

/** /api/v1/user/*: sign-up, login, session, logout and the admin's user management. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  // accountType in the body is accepted and ignored by the procedure: sign-up always makes a user.
  app.post(
    '/user/signup',
    legacyHandler(async (caller, req) => ({ data: toLegacyUser(await caller.user.signup(bodyObject(req) as never)) }), {
      status: 201,
    }),
  );
  app.post(
    '/user/login',
    legacyHandler(async (caller, req) => ({ data: toLegacyUser(await caller.user.login(bodyObject(req) as never)) })),
  );
  app.get(
    '/user/private_data',
    legacyHandler(async (caller) => ({ user: toLegacyUser(await caller.user.me()) })),
  );
  // GET because legacy clients call it so; SameSite=Lax still keeps other sites from sending the cookie on
  // sub-requests, and the worst a forged top-level GET can do is sign someone out.
  app.get(
    '/user/logout',
    legacyHandler(async (caller) => ({ data: await caller.user.logout() })),
  );
  app.get(
    '/user/get_all',
    legacyHandler(async (caller) => ({ data: (await caller.user.list()).map(toLegacyUser) })),
  );
  // The body is the full edited user object, as the legacy edit panel sends it.
  app.post(
    '/user/update',
    legacyHandler(
      async (caller, req) => {
        const body = bodyObject(req);
        refusePasswordField(body);
        const input = fromLegacyBody(body, USER_READ_ONLY_ECHOES);
        return { data: toLegacyUser(await caller.user.update(input as never)) };
      },
      { fieldNames: LEGACY_FIELD_NAMES },
    ),
  );
}
