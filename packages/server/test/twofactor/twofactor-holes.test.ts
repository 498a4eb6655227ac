import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { loginAs, trpcData, trpcError, trpcMutation, trpcQuery } from '../support/http.ts';
import { codeAt, enrol, sessionCount } from './twofactor-helpers.ts';

// #17 account holes around two-factor sign-in, each performed as the attacker would.

/** A 6-digit code that is right for none of the steps the server accepts at `at` (the step before, now, after). */
function wrongCodeAt(secret: string, at: Date): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeAt(secret, new Date(at.getTime() + d))));
  let n = Number(codeAt(secret, at));
  let code: string;
  do {
    n = (n + 1) % 1_000_000;
    code = String(n).padStart(6, '0');
  } while (valid.has(code));
  return code;
}

describe('two-factor holes', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  const db = () => t.handle.db;
  const auditRows = (userId: string, action: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', userId)
      .where('action', '=', action)
      .execute();
  const mailKinds = async (userId: string) =>
    (await db().selectFrom('mail_outbox').select('kind').where('user_id', '=', userId).orderBy('seq').execute()).map(
      (r) => r.kind,
    );
  const signIn = (email: string, otp?: string) =>
    trpcMutation(t.app, 'user.login', { email, password: TEST_PASSWORD, ...(otp === undefined ? {} : { otp }) });

  it('a stolen session cookie alone cannot start two-factor set-up: begin asks for the password', async () => {
    const u = await insertUser(t.handle.db);
    const stolen = await loginAs(t, u);
    const none = await trpcMutation(t.app, 'user.twoFactor.begin', {}, stolen);
    expect(trpcError(none)).toMatchObject({ status: 400, message: expect.stringContaining('currentPassword') });
    const wrong = await trpcMutation(t.app, 'user.twoFactor.begin', { currentPassword: 'a guessed password' }, stolen);
    expect(trpcError(wrong)).toMatchObject({ status: 400, message: expect.stringContaining('currentPassword') });
    const row = await db()
      .selectFrom('users')
      .select(['two_factor_pending_secret', 'two_factor_enabled_at'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ two_factor_pending_secret: null, two_factor_enabled_at: null });
  });

  it('turning two-factor on ends every other session of the account; this one stays', async () => {
    const u = await insertUser(t.handle.db);
    const other = await loginAs(t, u);
    const here = await loginAs(t, u);
    expect(await sessionCount(t, u.id)).toBe(2);
    await enrol(t, here);
    expect((await trpcQuery(t.app, 'user.me', undefined, other)).statusCode).toBe(401);
    expect((await trpcQuery(t.app, 'user.me', undefined, here)).statusCode).toBe(200);
    expect(await sessionCount(t, u.id)).toBe(1);
    expect(await auditRows(u.id, 'session.revoke')).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ reason: 'two_factor_enabled', sessionsEnded: 1 }) }),
    ]);
  });

  it('after 10 wrong codes sign-in pauses with growing waits, the owner is mailed, the audit log says so', async () => {
    const u = await insertUser(t.handle.db);
    const { secret } = await enrol(t, await loginAs(t, u));
    await db().deleteFrom('sessions').where('user_id', '=', u.id).execute();
    clock.advanceMs(60_000);

    for (let i = 1; i <= 10; i++) {
      const res = await signIn(u.email, wrongCodeAt(secret, clock.now()));
      expect(trpcError(res).status, `wrong code ${i}`).toBe(401);
    }
    // Paused: even the right code is refused now, with a wait, and no session starts.
    const paused = await signIn(u.email, codeAt(secret, clock.now()));
    expect(trpcError(paused)).toMatchObject({ status: 429, message: expect.stringMatching(/paused.*1 minute/) });
    expect(Number(paused.headers['retry-after'])).toBe(60);
    expect(await sessionCount(t, u.id)).toBe(0);
    expect(await mailKinds(u.id)).toContain('two_factor.sign_in_paused');
    expect(await auditRows(u.id, 'auth.two_factor_paused')).toHaveLength(1);

    // After the wait, one more wrong code pauses twice as long.
    clock.advanceMs(60_000);
    expect(trpcError(await signIn(u.email, wrongCodeAt(secret, clock.now()))).status).toBe(401);
    clock.advanceMs(60_000);
    const longer = await signIn(u.email, codeAt(secret, clock.now()));
    expect(trpcError(longer).status).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBe(60);
    expect(await auditRows(u.id, 'auth.two_factor_paused')).toHaveLength(2);
    // One mail when the pauses start, not one per guess.
    expect((await mailKinds(u.id)).filter((k) => k === 'two_factor.sign_in_paused')).toHaveLength(1);
    expect(await sessionCount(t, u.id)).toBe(0);

    // After the wait the right code signs in, and the count starts again.
    clock.advanceMs(60_000);
    const ok = await signIn(u.email, codeAt(secret, clock.now()));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await sessionCount(t, u.id)).toBe(1);
    const row = await db()
      .selectFrom('users')
      .select(['two_factor_failures', 'two_factor_paused_until'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ two_factor_failures: 0, two_factor_paused_until: null });
  });

  it('recovery codes can be replaced with a current code; the old ones stop working', async () => {
    const u = await insertUser(t.handle.db);
    const cookie = await loginAs(t, u);
    const { secret, recoveryCodes: old } = await enrol(t, cookie);
    clock.advanceMs(60_000);

    // A recovery code is not enough, nor a wrong code: nothing changes.
    const withRecovery = await trpcMutation(t.app, 'user.twoFactor.regenerateRecoveryCodes', { code: old[0] }, cookie);
    expect(trpcError(withRecovery).status).toBe(400);
    const withWrong = await trpcMutation(
      t.app,
      'user.twoFactor.regenerateRecoveryCodes',
      { code: wrongCodeAt(secret, clock.now()) },
      cookie,
    );
    expect(trpcError(withWrong).status).toBe(400);
    expect(await auditRows(u.id, 'auth.two_factor_recovery_codes_regenerated')).toHaveLength(0);

    const res = await trpcMutation(
      t.app,
      'user.twoFactor.regenerateRecoveryCodes',
      { code: codeAt(secret, clock.now()) },
      cookie,
    );
    const { recoveryCodes: fresh } = trpcData<{ recoveryCodes: string[] }>(res);
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    expect(await auditRows(u.id, 'auth.two_factor_recovery_codes_regenerated')).toHaveLength(1);
    expect(await mailKinds(u.id)).toContain('two_factor.recovery_codes');

    expect(trpcError(await signIn(u.email, old[1])).status).toBe(401);
    expect((await signIn(u.email, fresh[0])).statusCode).toBe(200);
  });
});
