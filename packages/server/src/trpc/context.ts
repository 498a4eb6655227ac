import type {} from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/create-db.ts';
import type { UserRow } from '../db/schema.ts';
import type { MarketService } from '../modules/market/market.service.ts';
import { findUserBySessionToken, SESSION_COOKIE } from '../modules/session/session.service.ts';

/** Long-lived things every procedure may use. */
export interface AppDeps {
  db: Database;
  config: Config;
  market: MarketService;
  log: FastifyBaseLogger;
}

/** How a procedure sets or clears the session cookie without knowing about HTTP. */
export interface SessionCookies {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface Context {
  deps: AppDeps;
  /** The signed-in user (full row: never send it out as is; map it with toPublicUser). */
  user: UserRow | null;
  sessionToken: string | null;
  cookies: SessionCookies;
}

const noCookies: SessionCookies = { set() {}, clear() {} };

/** Pure context: used by tests and by anything that already knows the user. */
export function createContextInner(opts: {
  deps: AppDeps;
  user?: UserRow | null;
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
  });
}
