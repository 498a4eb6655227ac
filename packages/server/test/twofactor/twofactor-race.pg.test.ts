import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { sessionFor, trpcMutation } from '../support/http.ts';
import { codeAt, enrol, sessionCount } from './twofactor-helpers.ts';

describe('two-factor codes under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-03-02T09:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  it('two sign-ins racing with the same recovery code start exactly one session', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await insertUser(t.handle.db);
      const { recoveryCodes } = await enrol(t, await sessionFor(t, u));
      const before = await sessionCount(t, u.id);
      const attempts = await Promise.all(
        Array.from({ length: 4 }, () =>
          trpcMutation(t.app, 'user.login', { email: u.email, password: TEST_PASSWORD, otp: recoveryCodes[0] }),
        ),
      );
      expect(attempts.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
      expect(await sessionCount(t, u.id)).toBe(before + 1);
      const used = await t.handle.db
        .selectFrom('two_factor_recovery_codes')
        .select('id')
        .where('user_id', '=', u.id)
        .where('used_at', 'is not', null)
        .execute();
      expect(used).toHaveLength(1);
    }
  });

  it('two sign-ins racing with the same authenticator code start exactly one session', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await insertUser(t.handle.db);
      const { secret } = await enrol(t, await sessionFor(t, u));
      clock.advanceMs(30_000);
      const code = codeAt(secret, clock.now());
      const before = await sessionCount(t, u.id);
      const attempts = await Promise.all(
        Array.from({ length: 4 }, () =>
          trpcMutation(t.app, 'user.login', { email: u.email, password: TEST_PASSWORD, otp: code }),
        ),
      );
      expect(attempts.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
      expect(await sessionCount(t, u.id)).toBe(before + 1);
    }
  });
});
