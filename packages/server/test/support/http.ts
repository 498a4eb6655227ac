import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { createSession, sessionCookieName } from '../../src/modules/session/session.service.ts';
import { sessionCookieFrom, type TestApp } from '../../src/test/harness.ts';
import { TEST_PASSWORD } from '../../src/test/factories.ts';

type Headers = Record<string, string>;

function withCookie(cookie?: string): Headers {
  return cookie ? { cookie } : {};
}

/** GET /trpc/<path>?input=<urlencoded JSON>, the way any HTTP client calls a query without a transformer. */
export function trpcQuery(app: FastifyInstance, path: string, input?: unknown, cookie?: string) {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return app.inject({ method: 'GET', url: `/trpc/${path}${qs}`, headers: withCookie(cookie) });
}

/** POST /trpc/<path> with a plain JSON body. */
export function trpcMutation(app: FastifyInstance, path: string, input?: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    // tRPC wants a JSON content type on every mutation, even one without input.
    headers: { ...withCookie(cookie), 'content-type': 'application/json' },
    ...(input === undefined ? {} : { payload: JSON.stringify(input) }),
  });
}

/** A call to the legacy /api/v1 adapter. */
export function legacy(app: FastifyInstance, method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string) {
  return app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { ...withCookie(cookie), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** The `result.data` of a successful tRPC response (fails the test with the body otherwise). */
// `any` by default so a test can read the fields it checks without restating the output type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function trpcData<T = any>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data as T;
}

/** The tRPC error of a failed response: HTTP status, tRPC code and message. */
export function trpcError(res: LightMyRequestResponse): { status: number; code: string; message: string } {
  const body = res.json();
  expect(body.error, res.body).toBeDefined();
  return { status: res.statusCode, code: body.error.data.code, message: body.error.message };
}

/** Signs in through HTTP (POST /trpc/user.login) and returns the Cookie header value. */
export async function loginAs(t: TestApp, user: Pick<TestUser, 'email'>, password = TEST_PASSWORD): Promise<string> {
  const res = await trpcMutation(t.app, 'user.login', { email: user.email, password });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
}

/** A session made directly in the database (fast: no argon2), as a Cookie header value. */
export async function sessionFor(t: TestApp, user: Pick<TestUser, 'id'>): Promise<string> {
  const { token } = await createSession(t.handle.db, user.id, t.app.deps.clock.now());
  return `${sessionCookieName(t.config.publicUrl)}=${token}`;
}

/** No response may carry a password, a password hash or an argon2 string. */
export function expectNoSecrets(res: LightMyRequestResponse): void {
  expect(res.body).not.toMatch(/"password"\s*:/i);
  expect(res.body).not.toMatch(/password_?hash/i);
  expect(res.body).not.toContain('$argon2');
}
