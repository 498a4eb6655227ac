import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { sessionFor, trpcMutation } from '../support/http.ts';
import { enrol, sessionCount } from './twofactor-helpers.ts';

describe('two-factor codes under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
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
});
