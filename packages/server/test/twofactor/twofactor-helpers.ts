import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { TEST_PASSWORD } from '../../src/test/factories.ts';
import type { TestApp } from '../../src/test/harness.ts';
import { trpcData, trpcMutation } from '../support/http.ts';

/** The code an authenticator app shows at `at` (computed with the library, independently of the server's helper). */
export function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

/** begin + enable as the signed-in `cookie`; returns the secret and the ten recovery codes. */
export async function enrol(t: TestApp, cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = trpcData<{ secret: string }>(
    await trpcMutation(t.app, 'user.twoFactor.begin', { currentPassword: TEST_PASSWORD }, cookie),
  );
  const res = await trpcMutation(
    t.app,
    'user.twoFactor.enable',
    { code: codeAt(secret, t.app.deps.clock.now()) },
    cookie,
  );
  const { recoveryCodes } = trpcData<{ recoveryCodes: string[] }>(res);
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

/** Sessions a user has in the database. */
export async function sessionCount(t: TestApp, userId: string): Promise<number> {
  const rows = await t.handle.db.selectFrom('sessions').select('user_id').where('user_id', '=', userId).execute();
  return rows.length;
}
