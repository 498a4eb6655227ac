import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { AppDeps, SessionCookies } from '../deps.ts';
import { findUserBySessionToken, SESSION_COOKIE, type SessionUser } from '../modules/session/session.service.ts';

export type { AppDeps, SessionCookies } from '../deps.ts';

export interface Context {
  deps: AppDeps;
  /** The signed-in user (public columns only: no password hash ever reaches a procedure). */
  user: SessionUser | null;
  sessionToken: string | null;
  cookies: SessionCookies;
  /** The client's address (the socket's, or the one trusted proxies name: TRUST_PROXY); null for server-side callers. */
  clientAddress: string | null;
}

const noCookies: SessionCookies = { set() {}, clear() {} };

/** Pure context: used by tests and by anything that already knows the user. */
export function createContextInner(opts: {
  deps: AppDeps;
  user?: SessionUser | null;
  sessionToken?: string | null;
  cookies?: SessionCookies;
  clientAddress?: string | null;
}): Context {
  return {
    deps: opts.deps,
    user: opts.user ?? null,
    sessionToken: opts.sessionToken ?? null,
    cookies: opts.cookies ?? noCookies,
    clientAddress: opts.clientAddress ?? null,
  };
}

/** Cookie writer bound to one HTTP reply. */
export function replyCookies(reply: FastifyReply, config: Config): SessionCookies {
  const secure = config.publicUrl.startsWith('https://');
  return {
    set(token, expiresAt) {
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        expires: expiresAt,
      });
    },
    clear() {
      reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
    },
  };
}

/** Outer context: resolves the session cookie of one HTTP request. */
export async function createContext(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const token = req.cookies[SESSION_COOKIE] ?? null;
  const user = token ? await findUserBySessionToken(deps.db, token) : null;
  return createContextInner({
    deps,
    user,
    sessionToken: user ? token : null,
    cookies: replyCookies(reply, deps.config),
    clientAddress: req.ip,
  });
}
