import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { AppDeps, SessionCookies } from '../deps.ts';
import { isHttps, sessionCookieName } from '../lib/session-cookie.ts';
import { resolveSession, type SessionUser } from '../modules/session/session.service.ts';

export type { AppDeps, SessionCookies } from '../deps.ts';

export interface Context {
  deps: AppDeps;
  /** The signed-in user (public columns only: no password hash ever reaches a procedure). */
  user: SessionUser | null;
  sessionToken: string | null;
  cookies: SessionCookies;
}

const noCookies: SessionCookies = { set() {}, clear() {} };

/** Pure context: used by tests and by anything that already knows the user. */
export function createContextInner(opts: {
  deps: AppDeps;
  user?: SessionUser | null;
  sessionToken?: string | null;
  cookies?: SessionCookies;
}): Context {
  return {
    deps: opts.deps,
    user: opts.user ?? null,
    sessionToken: opts.sessionToken ?? null,
    cookies: opts.cookies ?? noCookies,
  };
}

/**
 * Cookie writer bound to one HTTP reply. Under an https PUBLIC_URL the cookie is `__Host-` prefixed and
 * Secure (the prefix requires both, with Path=/ and no Domain).
 */
export function replyCookies(reply: FastifyReply, config: Config): SessionCookies {
  const secure = isHttps(config.publicUrl);
  const name = sessionCookieName(config.publicUrl);
  return {
    set(token, expiresAt) {
      reply.setCookie(name, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        expires: expiresAt,
      });
    },
    clear() {
      reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
    },
  };
}

/**
 * Outer context: resolves the session cookie of one HTTP request. When the request extended the session
 * (its last use is recorded at most once a minute), the cookie is sent again with the new expiry.
 */
export async function createContext(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const token = req.cookies[sessionCookieName(deps.config.publicUrl)] ?? null;
  const session = token ? await resolveSession(deps, token) : null;
  const cookies = replyCookies(reply, deps.config);
  if (token && session?.refreshedUntil) cookies.set(token, session.refreshedUntil);
  return createContextInner({
    deps,
    user: session?.user ?? null,
    sessionToken: session ? token : null,
    cookies,
  });
}
