import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { loginAs, trpcMutation } from '../support/http.ts';
import { linkToken, sessionCount } from './account-helpers.ts';

describe('a reset link is single use even when requests race (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('of 8 concurrent resetPassword calls with one token exactly one succeeds; every session ends', async () => {
    const u = await insertUser(t.handle.db);
    await loginAs(t, u);
    await loginAs(t, u);
    await callerAs(t, null).user.requestPasswordReset({ email: u.email });
    const token = await linkToken(t.handle.db, u.email, 'password.reset', '/reset-password');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        trpcMutation(t.app, 'user.resetPassword', { token, newPassword: `racing passphrase ${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect(await sessionCount(t.handle.db, u.id)).toBe(0);
    await loginAs(t, u, `racing passphrase ${winner}`);
    const changed = await t.handle.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', u.email)
      .where('kind', '=', 'password.changed')
      .execute();
    expect(changed).toHaveLength(1);
  });
});
