import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { ACCOUNT_MAILS_PER_RECIPIENT } from '../../src/modules/user/user.tokens.ts';
import { loginAs, trpcData, trpcMutation } from '../support/http.ts';
import { mailTo } from './account-helpers.ts';

// #17: the account forms could send up to 20 mails a minute to any address. Now one address gets at most
// ACCOUNT_MAILS_PER_RECIPIENT account mails an hour, whoever asks; the answers do not change (a signed-out
// request must not tell whether the address has an account).

describe('account mails per recipient address', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  const tokens = async (userId: string) =>
    (await t.handle.db.selectFrom('account_tokens').select('id').where('user_id', '=', userId).execute()).length;

  it('signed-out reset requests flood nobody: the sixth within the hour answers the same and queues nothing', async () => {
    const victim = await insertUser(t.handle.db);
    for (let i = 0; i < 8; i++) {
      // Any case of the address counts as the same recipient.
      const email = i % 2 ? victim.email.toUpperCase() : victim.email;
      expect(trpcData(await trpcMutation(t.app, 'user.requestPasswordReset', { email }))).toEqual({ ok: true });
    }
    expect(await mailTo(t.handle.db, victim.email, 'password.reset')).toHaveLength(5);
    expect(await tokens(victim.id)).toBe(5);
    expect(ACCOUNT_MAILS_PER_RECIPIENT).toBe(5);

    // An hour after the first ones, the address may get mail again.
    clock.advanceMs(3_600_001);
    expect(trpcData(await trpcMutation(t.app, 'user.requestPasswordReset', { email: victim.email }))).toEqual({
      ok: true,
    });
    expect(await mailTo(t.handle.db, victim.email, 'password.reset')).toHaveLength(6);
  });

  it('every kind of account mail counts, whoever asks: a resend after four resets is the last one', async () => {
    const u = await insertUser(t.handle.db, { emailVerified: false });
    const cookie = await loginAs(t, u);
    for (let i = 0; i < 4; i++) await trpcMutation(t.app, 'user.requestPasswordReset', { email: u.email });
    expect(trpcData(await trpcMutation(t.app, 'user.resendVerification', undefined, cookie))).toEqual({ ok: true });
    expect(trpcData(await trpcMutation(t.app, 'user.resendVerification', undefined, cookie))).toEqual({ ok: true });
    expect(await mailTo(t.handle.db, u.email, 'password.reset')).toHaveLength(4);
    expect(await mailTo(t.handle.db, u.email, 'email.verify')).toHaveLength(1);
  });
});
