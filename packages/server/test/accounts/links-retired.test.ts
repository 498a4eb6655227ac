import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { loginAs, trpcData, trpcError, trpcMutation } from '../support/http.ts';
import { codeAt } from '../twofactor/twofactor-helpers.ts';
import { linkToken } from './account-helpers.ts';

// #17: a pending email change must not survive a password change, a reset, an email change or turning
// two-factor on. The attack: someone who once had the session asks to move the account to their address, the
// owner changes the password (or resets it), and days later the attacker opens the link and takes the account.

const NEW_PASSWORD = 'a brand new passphrase';

describe('every outstanding account link is retired by a security change', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  const emailOf = async (id: string) =>
    (await t.handle.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

  /** The attacker, with the victim's session, starts moving the account to their own address. */
  async function pendingChange(cookie: string, attackerEmail: string): Promise<string> {
    const res = await trpcMutation(
      t.app,
      'user.changeEmail',
      { currentPassword: TEST_PASSWORD, newEmail: attackerEmail },
      cookie,
    );
    expect(trpcData(res)).toMatchObject({ pendingEmail: attackerEmail });
    return linkToken(t.handle.db, attackerEmail, 'email.change_confirm', '/confirm-email');
  }

  /** The attacker opens the old link: refused, and the account keeps the owner's address. */
  async function expectRefused(token: string, userId: string, ownerEmail: string) {
    const res = await trpcMutation(t.app, 'user.confirmEmail', { token });
    expect(trpcError(res)).toMatchObject({ status: 409, message: expect.stringMatching(/already used|newer link/) });
    expect(await emailOf(userId)).toBe(ownerEmail);
  }

  it('a password change retires a pending email change', async () => {
    const u = await insertUser(t.handle.db);
    const cookie = await loginAs(t, u);
    const token = await pendingChange(cookie, 'thief1@example.com');
    const changed = await trpcMutation(
      t.app,
      'user.changePassword',
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    clock.advanceMs(2 * 3_600_000);
    await expectRefused(token, u.id, u.email);
  });

  it('a reset retires a pending email change and the other links', async () => {
    const u = await insertUser(t.handle.db);
    const cookie = await loginAs(t, u);
    const token = await pendingChange(cookie, 'thief2@example.com');
    await trpcMutation(t.app, 'user.requestPasswordReset', { email: u.email });
    const reset = await linkToken(t.handle.db, u.email, 'password.reset', '/reset-password');
    expect(
      trpcData(await trpcMutation(t.app, 'user.resetPassword', { token: reset, newPassword: NEW_PASSWORD })),
    ).toEqual({ ok: true });
    await expectRefused(token, u.id, u.email);
  });

  it('a confirmed email change retires a reset link sent before it', async () => {
    const u = await insertUser(t.handle.db);
    const cookie = await loginAs(t, u);
    await trpcMutation(t.app, 'user.requestPasswordReset', { email: u.email });
    const reset = await linkToken(t.handle.db, u.email, 'password.reset', '/reset-password');
    const token = await pendingChange(cookie, 'moved3@example.com');
    expect(trpcData(await trpcMutation(t.app, 'user.confirmEmail', { token }))).toMatchObject({ outcome: 'changed' });
    const res = await trpcMutation(t.app, 'user.resetPassword', { token: reset, newPassword: NEW_PASSWORD });
    expect(trpcError(res).status).toBe(409);
    // The password is still the owner's.
    expect(
      (await trpcMutation(t.app, 'user.login', { email: 'moved3@example.com', password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('turning two-factor on retires a pending email change', async () => {
    const u = await insertUser(t.handle.db);
    const cookie = await loginAs(t, u);
    const token = await pendingChange(cookie, 'thief4@example.com');
    const { secret } = trpcData<{ secret: string }>(
      await trpcMutation(t.app, 'user.twoFactor.begin', { currentPassword: TEST_PASSWORD }, cookie),
    );
    const enabled = await trpcMutation(t.app, 'user.twoFactor.enable', { code: codeAt(secret, clock.now()) }, cookie);
    expect(enabled.statusCode).toBe(200);
    await expectRefused(token, u.id, u.email);
  });
});
