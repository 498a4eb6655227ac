import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED } from '../src/lib/logging.ts';
import { logCapture, sessionCookieFrom, startTestApp, type TestApp } from '../src/test/harness.ts';
import { legacy, trpcData, trpcMutation } from './support/http.ts';
import { codeAt } from './twofactor/twofactor-helpers.ts';
import { linkToken } from './accounts/account-helpers.ts';

/** Values no log line may contain: each distinctive, so a leak anywhere is found by a plain search. */
const SIGNUP_PASSWORD = `signup-pw-${randomBytes(8).toString('hex')}`;
const LEGACY_PASSWORD = `legacy-pw-${randomBytes(8).toString('hex')}`;
const WRONG_PASSWORD = `wrong-pw-${randomBytes(8).toString('hex')}`;
const QUERY_PASSWORD = `query-pw-${randomBytes(8).toString('hex')}`;
const BEARER = `bearer-${randomBytes(12).toString('hex')}`;
const CHANGED_PASSWORD = `changed-pw-${randomBytes(8).toString('hex')}`;
const RESET_PASSWORD = `reset-pw-${randomBytes(8).toString('hex')}`;
const TOTP_CODE = `${100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)}`;

const person = (email: string, password: string) => ({
  firstName: 'Log',
  lastName: 'Reader',
  country: 'Portugal',
  city: 'Braga',
  email,
  password,
});

describe('logs keep secrets', () => {
  const logs = logCapture();
  let t: TestApp;
  const secrets: string[] = [SIGNUP_PASSWORD, LEGACY_PASSWORD, WRONG_PASSWORD, QUERY_PASSWORD, BEARER];
  const responseIds: string[] = [];
  const track = <R extends { headers: Record<string, unknown> }>(res: R): R => {
    responseIds.push(String(res.headers['x-request-id']));
    return res;
  };

  beforeAll(async () => {
    t = await startTestApp({ logStream: logs.stream }); // LOG_LEVEL trace: everything the app logs

    // Sign-up on both APIs, sign-in, a failed sign-in.
    track(await trpcMutation(t.app, 'user.signup', person('logs@example.com', SIGNUP_PASSWORD)));
    track(await legacy(t.app, 'POST', '/user/signup', person('legacy-logs@example.com', LEGACY_PASSWORD)));
    const login = track(
      await trpcMutation(t.app, 'user.login', { email: 'logs@example.com', password: SIGNUP_PASSWORD }),
    );
    expect(login.statusCode, login.body).toBe(200);
    const cookie = sessionCookieFrom(login);
    secrets.push(cookie, cookie.split('=')[1]!);
    const failed = track(
      await trpcMutation(t.app, 'user.login', { email: 'logs@example.com', password: WRONG_PASSWORD }),
    );
    expect(failed.statusCode).toBe(401);
    track(await legacy(t.app, 'POST', '/user/login', { email: 'legacy-logs@example.com', password: WRONG_PASSWORD }));

    // A password in a query string (a sign-in sent as GET: refused, but its URL is logged).
    const input = encodeURIComponent(JSON.stringify({ email: 'logs@example.com', password: QUERY_PASSWORD }));
    track(await t.app.inject({ method: 'GET', url: `/trpc/user.login?input=${input}` }));

    // Signed-in calls carrying the cookie and an Authorization header.
    const me = track(
      await t.app.inject({
        method: 'GET',
        url: '/trpc/user.me',
        headers: { cookie, authorization: `Bearer ${BEARER}` },
      }),
    );
    expect(me.statusCode, me.body).toBe(200);

    // Two-factor: enrolment (secret, otpauth URL, code, recovery codes), sign-in with and without a code, a
    // wrong code, the legacy API, and a code in a query string.
    const begin = trpcData<{ secret: string; otpauthUrl: string }>(
      track(await trpcMutation(t.app, 'user.twoFactor.begin', { currentPassword: SIGNUP_PASSWORD }, cookie)),
    );
    const enrolCode = codeAt(begin.secret, new Date());
    const enabled = track(await trpcMutation(t.app, 'user.twoFactor.enable', { code: enrolCode }, cookie));
    const { recoveryCodes } = trpcData<{ recoveryCodes: string[] }>(enabled);
    secrets.push(begin.secret, begin.otpauthUrl, encodeURIComponent(begin.secret), enrolCode, ...recoveryCodes);
    const row = await t.handle.db
      .selectFrom('users')
      .select('two_factor_secret')
      .where('email', '=', 'logs@example.com')
      .executeTakeFirstOrThrow();
    secrets.push(row.two_factor_secret!);
    const asks = track(
      await trpcMutation(t.app, 'user.login', { email: 'logs@example.com', password: SIGNUP_PASSWORD }),
    );
    expect(asks.statusCode).toBe(401);
    const wrongOtp = track(
      await trpcMutation(t.app, 'user.login', { email: 'logs@example.com', password: SIGNUP_PASSWORD, otp: TOTP_CODE }),
    );
    expect(wrongOtp.statusCode).toBe(401);
    const withRecovery = track(
      await legacy(t.app, 'POST', '/user/login', {
        email: 'logs@example.com',
        password: SIGNUP_PASSWORD,
        otp: recoveryCodes[0],
      }),
    );
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    const disable = track(await trpcMutation(t.app, 'user.twoFactor.disable', { code: recoveryCodes[1] }, cookie));
    expect(disable.statusCode, disable.body).toBe(200);
    track(await t.app.inject({ method: 'GET', url: `/trpc/user.twoFactor.enable?code=${recoveryCodes[2]}` }));

    // The database fails under a signed-in request: a 500, logged with everything about it.
    await sql`alter table sessions rename to sessions_away`.execute(t.handle.db);
    const broken = track(
      await t.app.inject({
        method: 'GET',
        url: '/trpc/user.me',
        headers: { cookie, authorization: `Bearer ${BEARER}` },
      }),
    );
    expect(broken.statusCode).toBe(500);
    await sql`alter table sessions_away rename to sessions`.execute(t.handle.db);

    // Account security: a password change, a reset link opened in the browser and used, a verification link.
    const changed = track(
      await trpcMutation(
        t.app,
        'user.changePassword',
        { currentPassword: SIGNUP_PASSWORD, newPassword: CHANGED_PASSWORD },
        cookie,
      ),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    track(await trpcMutation(t.app, 'user.requestPasswordReset', { email: 'logs@example.com' }));
    const resetToken = await linkToken(t.handle.db, 'logs@example.com', 'password.reset', '/reset-password');
    const verifyToken = await linkToken(t.handle.db, 'logs@example.com', 'email.verify', '/confirm-email');
    secrets.push(CHANGED_PASSWORD, RESET_PASSWORD, resetToken, verifyToken);
    track(await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` }));
    track(await t.app.inject({ method: 'GET', url: `/confirm-email?token=${verifyToken}` }));
    const reset = track(
      await trpcMutation(t.app, 'user.resetPassword', { token: resetToken, newPassword: RESET_PASSWORD }),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const confirmInput = encodeURIComponent(JSON.stringify({ token: verifyToken }));
    track(await t.app.inject({ method: 'GET', url: `/trpc/user.confirmEmail?input=${confirmInput}` }));

    // Whatever a future line might carry: headers, inputs, nested errors with secret-named fields.
    t.app.log.error(
      {
        req: { headers: { cookie, authorization: `Bearer ${BEARER}` } },
        res: { headers: { 'set-cookie': cookie } },
        input: {
          password: SIGNUP_PASSWORD,
          currentPassword: LEGACY_PASSWORD,
          newPassword: WRONG_PASSWORD,
          code: TOTP_CODE,
        },
        err: { cause: { body: { token: BEARER, otp: TOTP_CODE, secret: QUERY_PASSWORD } } },
        result: { recoveryCodes: [LEGACY_PASSWORD], otpauthUrl: BEARER, secret: QUERY_PASSWORD },
      },
      'a line built to leak',
    );
    secrets.push(TOTP_CODE);
  });
  afterAll(() => t.close());

  it('logged the requests (the capture works and saw the failures)', () => {
    const msgs = logs.lines().map((l) => l.msg);
    expect(msgs).toContain('request completed');
    expect(msgs).toContain('procedure failed');
    expect(msgs).toContain('a line built to leak');
  });

  it('contains no password, cookie, session token, bearer token or TOTP code', () => {
    const text = logs.text();
    for (const s of secrets) expect(text.includes(s), `log contains ${s}`).toBe(false);
    expect(text).toContain(REDACTED);
  });

  it('logs a request URL without its tRPC input', () => {
    const urls = logs
      .lines()
      .map((l) => (l.req as { url?: string } | undefined)?.url)
      .filter((u): u is string => typeof u === 'string' && u.startsWith('/trpc/user.login?'));
    // (At trace the request has two lines: as it arrives and when it completes.)
    expect(urls.length).toBeGreaterThan(0);
    expect(new Set(urls)).toEqual(new Set([`/trpc/user.login?input=${REDACTED}`]));
  });

  it('logs the link pages without their tokens', () => {
    const urls = logs
      .lines()
      .map((l) => (l.req as { url?: string } | undefined)?.url)
      .filter((u): u is string => typeof u === 'string' && /^\/(reset-password|confirm-email)\?/.test(u));
    expect(new Set(urls)).toEqual(new Set([`/reset-password?token=${REDACTED}`, `/confirm-email?token=${REDACTED}`]));
  });

  it('tags every request line with the request id the response carried', () => {
    const lines = logs
      .lines()
      .filter((l) => (l.req !== undefined || l.res !== undefined) && l.msg !== 'a line built to leak');
    expect(lines.length).toBeGreaterThan(0);
    const ids = new Set(lines.map((l) => l.reqId));
    for (const id of responseIds) expect(ids.has(id), `no log line for request ${id}`).toBe(true);
    for (const l of lines) expect(String(l.reqId)).toMatch(/^[0-9a-f-]{36}$/);
    const failure = logs.lines().find((l) => l.msg === 'procedure failed');
    expect(responseIds).toContain(failure?.reqId);
  });
});
