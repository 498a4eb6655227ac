import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { loginAs, trpcData, trpcError, trpcMutation, trpcQuery } from '../support/http.ts';
import { RESET_REQUEST_MIN_MS } from '../../src/modules/user/user.password.ts';
import { linkToken, mailTo, sessionCount } from './account-helpers.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('user.changePassword', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock: new ManualClock() });
  });
  afterAll(() => t.close());

  it('a wrong current password is refused (400 naming the field) and changes nothing', async () => {
    const u = await insertUser(t.handle.db);
    const here = await loginAs(t, u);
    const elsewhere = await loginAs(t, u);
    const res = await trpcMutation(
      t.app,
      'user.changePassword',
      { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
      here,
    );
    expect(trpcError(res)).toMatchObject({ status: 400, message: expect.stringContaining('currentPassword') });
    expect(await sessionCount(t.handle.db, u.id)).toBe(2);
    expect(await mailTo(t.handle.db, u.email)).toHaveLength(0);
    expect((await trpcMutation(t.app, 'user.login', { email: u.email, password: NEW_PASSWORD })).statusCode).toBe(401);
    await loginAs(t, u, TEST_PASSWORD);
    expect((await trpcQuery(t.app, 'user.me', undefined, elsewhere)).statusCode).toBe(200);
  });

  it('refuses a new password shorter than the sign-up rule', async () => {
    const u = await insertUser(t.handle.db);
    const here = await loginAs(t, u);
    const res = await trpcMutation(
      t.app,
      'user.changePassword',
      { currentPassword: TEST_PASSWORD, newPassword: 'short' },
      here,
    );
    expect(trpcError(res)).toMatchObject({ status: 400, message: expect.stringContaining('newPassword') });
  });

  it('success: other sessions end, this one stays, the new password works, a security mail is queued', async () => {
    const u = await insertUser(t.handle.db);
    const here = await loginAs(t, u);
    const elsewhere = await loginAs(t, u);
    const res = await trpcMutation(
      t.app,
      'user.changePassword',
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      here,
    );
    expect(trpcData(res)).toEqual({ ok: true, otherSessionsEnded: 1 });
    expect((await trpcQuery(t.app, 'user.me', undefined, here)).statusCode).toBe(200);
    expect((await trpcQuery(t.app, 'user.me', undefined, elsewhere)).statusCode).toBe(401);
    expect(await sessionCount(t.handle.db, u.id)).toBe(1);
    expect((await trpcMutation(t.app, 'user.login', { email: u.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    await loginAs(t, u, NEW_PASSWORD);
    const mails = await mailTo(t.handle.db, u.email, 'password.changed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Your password was changed');
  });

  it('counts against the password limit', async () => {
    const limited = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_MIN: '2' } });
    try {
      const u = await insertUser(limited.handle.db);
      const cookie = await loginAs(limited, u);
      const wrong = { currentPassword: 'wrong', newPassword: NEW_PASSWORD };
      for (let i = 0; i < 2; i++) {
        expect((await trpcMutation(limited.app, 'user.changePassword', wrong, cookie)).statusCode).toBe(400);
      }
      expect((await trpcMutation(limited.app, 'user.changePassword', wrong, cookie)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('forgot password: user.requestPasswordReset / user.resetPassword', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  it('answers the same for an unknown address and queues nothing', async () => {
    const known = await insertUser(t.handle.db);
    const unknown = 'nobody-here@example.com';
    const a = await trpcMutation(t.app, 'user.requestPasswordReset', { email: unknown });
    const b = await trpcMutation(t.app, 'user.requestPasswordReset', { email: known.email });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(await mailTo(t.handle.db, unknown)).toHaveLength(0);
    expect(await mailTo(t.handle.db, known.email, 'password.reset')).toHaveLength(1);
  });

  it('takes no less than RESET_REQUEST_MIN_MS on either path, so timing does not tell which addresses exist', async () => {
    const known = await insertUser(t.handle.db);
    for (const email of [known.email, 'nobody-either@example.com']) {
      const started = performance.now();
      expect((await trpcMutation(t.app, 'user.requestPasswordReset', { email })).statusCode).toBe(200);
      // A lower bound only (a loaded machine is slower, never faster); 5 ms of slack for timer rounding.
      expect(performance.now() - started).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    }
  });

  it('sends nothing to a disabled account', async () => {
    const u = await insertUser(t.handle.db);
    await t.handle.db.updateTable('users').set({ disabled_at: clock.now() }).where('id', '=', u.id).execute();
    expect((await trpcMutation(t.app, 'user.requestPasswordReset', { email: u.email })).statusCode).toBe(200);
    expect(await mailTo(t.handle.db, u.email)).toHaveLength(0);
  });

  it('the link sets the new password once, ends every session and queues a password.changed mail', async () => {
    const u = await insertUser(t.handle.db);
    const a = await loginAs(t, u);
    const b = await loginAs(t, u);
    await trpcMutation(t.app, 'user.requestPasswordReset', { email: u.email.toUpperCase() });
    const token = await linkToken(t.handle.db, u.email, 'password.reset', '/reset-password');
    const stored = await t.handle.db
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('user_id', '=', u.id)
      .execute();
    expect(stored.map((r) => r.token_hash).join()).not.toContain(token); // only the hash is kept

    expect(trpcData(await trpcMutation(t.app, 'user.resetPassword', { token, newPassword: NEW_PASSWORD }))).toEqual({
      ok: true,
    });
    expect(await sessionCount(t.handle.db, u.id)).toBe(0);
    for (const c of [a, b]) expect((await trpcQuery(t.app, 'user.me', undefined, c)).statusCode).toBe(401);
    await loginAs(t, u, NEW_PASSWORD);
    expect(await mailTo(t.handle.db, u.email, 'password.changed')).toHaveLength(1);

    const again = await trpcMutation(t.app, 'user.resetPassword', { token, newPassword: 'yet another passphrase' });
    expect(trpcError(again)).toMatchObject({ status: 409, message: expect.stringContaining('already used') });
    await loginAs(t, u, NEW_PASSWORD);
  });

  it('a reset link works for 30 minutes only', async () => {
    const u = await insertUser(t.handle.db);
    await trpcMutation(t.app, 'user.requestPasswordReset', { email: u.email });
    const token = await linkToken(t.handle.db, u.email, 'password.reset', '/reset-password');
    clock.advanceMs(30 * 60_000);
    const res = await trpcMutation(t.app, 'user.resetPassword', { token, newPassword: NEW_PASSWORD });
    expect(trpcError(res)).toMatchObject({ status: 409, message: expect.stringContaining('expired') });
    await loginAs(t, u, TEST_PASSWORD);
  });

  it('a link from before the newest one no longer works; a made-up token is a 400', async () => {
    const u = await insertUser(t.handle.db);
    await trpcMutation(t.app, 'user.requestPasswordReset', { email: u.email });
    const first = await linkToken(t.handle.db, u.email, 'password.reset', '/reset-password');
    await trpcMutation(t.app, 'user.requestPasswordReset', { email: u.email });
    const second = await linkToken(t.handle.db, u.email, 'password.reset', '/reset-password');
    expect(second).not.toBe(first);
    expect(
      (await trpcMutation(t.app, 'user.resetPassword', { token: first, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(409);
    const madeUp = await trpcMutation(t.app, 'user.resetPassword', {
      token: 'A'.repeat(43),
      newPassword: NEW_PASSWORD,
    });
    expect(trpcError(madeUp)).toMatchObject({ status: 400, message: expect.stringContaining('token') });
    expect(
      (await trpcMutation(t.app, 'user.resetPassword', { token: second, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('is rate-limited per email', async () => {
    const limited = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_MIN: '2' } });
    try {
      for (let i = 0; i < 2; i++) {
        expect(
          (await trpcMutation(limited.app, 'user.requestPasswordReset', { email: 'x@example.com' })).statusCode,
        ).toBe(200);
      }
      expect(
        (await trpcMutation(limited.app, 'user.requestPasswordReset', { email: 'x@example.com' })).statusCode,
      ).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
