import { tr } from '@vestora/contract';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
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
  /** The client's address (the socket's, or the one trusted proxies name: TRUST_PROXY); null for server-side callers. */
  clientAddress: string | null;
  /** The request's User-Agent header (recorded with a new session); null for server-side callers. */
  userAgent: string | null;
}

const noCookies: SessionCookies = { set() {}, clear() {} };

/** Pure context: used by tests and by anything that already knows the user. */
export function createContextInner(opts: {
  deps: AppDeps;
  user?: SessionUser | null;
  sessionToken?: string | null;
  cookies?: SessionCookies;
  clientAddress?: string | null;
  userAgent?: string | null;
}): Context {
  return {
    deps: opts.deps,
    user: opts.user ?? null,
    sessionToken: opts.sessionToken ?? null,
    cookies: opts.cookies ?? noCookies,
    clientAddress: opts.clientAddress ?? null,
    userAgent: opts.userAgent ?? null,
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
    clientAddress: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
  });
}

/** Calls that must travel alone: each is one password attempt (argon2 work) and one rate-limit count. */
const UNBATCHABLE = new Set(['user.login', 'user.signup']);

/** Most calls one /trpc batch may carry (tRPC answers 400 above it before any procedure runs). */
export const MAX_BATCH_SIZE = 10;

/**
 * Refuses (400) a batch that carries a sign-in or a sign-up. Runs on tRPC's parsed request, so the paths are
 * the ones that will run, after every percent-decoding (`user%2Elogin` is `user.login` here).
 */
export function refuseUnbatchable(info: { isBatchCall: boolean; calls: readonly { path: string }[] }): void {
  if (!info.isBatchCall) return;
  const alone = info.calls.find((c) => UNBATCHABLE.has(c.path));
  if (alone)
    throw new AppError(
      'BAD_INPUT',
      tr('request.notBatchable', '{path} cannot be batched: send it as a request of its own.', { path: alone.path }),
    );
}
