// Shared fixtures for the limits' proofs (not a test file itself).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/create-db.ts';

/** Every way to reach user.login: both APIs, plain and percent-encoded (the same procedure after routing). */
export const LOGIN_PATHS = {
  trpc: '/trpc/user.login',
  trpcEncoded: '/trpc/user%2Elogin',
  legacy: '/api/v1/user/login',
  legacyEncoded: '/api/v1/user/%6Cogin',
} as const;
export type LoginVia = keyof typeof LOGIN_PATHS;

/** A unique email nobody signed up with. */
export const someEmail = (tag = 'x') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** One sign-in attempt with a wrong password: a 401 when it is let through, 429 when a limit refuses it. */
export function loginAttempt(
  app: FastifyInstance,
  opts: { email: string; via?: LoginVia; address?: string; forwardedFor?: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: LOGIN_PATHS[opts.via ?? 'trpc'],
    remoteAddress: opts.address ?? '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
    },
    payload: JSON.stringify({ email: opts.email, password: 'not the password' }),
  });
}

/** The message a refused response carries, from either API (`{ error: { message } }` or `{ err }`). */
export function messageOf(res: LightMyRequestResponse): string {
  const body = res.json();
  return body.error?.message ?? body.err;
}

/** A response that is the 429 of the sign-in limit: clear message, and a Retry-After within the window. */
export function expectSignInRefused(res: LightMyRequestResponse, windowS = 60): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(messageOf(res)).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowS);
  expect(messageOf(res)).toContain(`wait ${retryAfter} second`);
}

/** An attempt that reached the password check and failed it (so it was not refused by a limit). */
export function expectWrongPassword(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(401);
}

/** The lockouts the audit log recorded for one bucket key (an email or an address bucket). */
export async function lockoutsOf(db: Database, key: string) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'entity_type', 'entity_id', 'after'])
    .where('action', '=', 'security.lockout')
    .where('entity_id', '=', key)
    .execute();
}
