import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPasswordHashCostForTests } from '../src/lib/password.ts';
import { TEST_PASSWORD_HASH_COST } from '../src/test/cheap-password-hashing.ts';
import { insertUser, TEST_PASSWORD } from '../src/test/factories.ts';
import { sessionCookieFrom, startTestApp, type TestApp } from '../src/test/harness.ts';
import { expectNoSecrets, loginAs, trpcData, trpcError, trpcMutation, trpcQuery } from './support/http.ts';

const signupInput = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'United Kingdom',
  city: 'London',
  email,
  password: 'a long enough password',
  ...extra,
});

describe('user.signup / login / me / logout through /trpc', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const countUsers = async (email: string) =>
    Number(
      (
        await t.handle.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('signs up a plain user whatever accountType says, with a referral code and an argon2id hash', async () => {
    // This sign-up hashes at the production cost (the suites' setup file lowers it; see cheap-password-hashing.ts).
    setPasswordHashCostForTests(null);
    const res = await trpcMutation(
      t.app,
      'user.signup',
      signupInput('Ada@Example.com', { accountType: 'admin' }),
    ).finally(() => setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST));
    expectNoSecrets(res);
    const user = trpcData(res);
    expect(user).toMatchObject({ email: 'ada@example.com', accountType: 'user', balance: 0, version: 0 });
    expect(res.cookies).toHaveLength(0); // sign-up does not sign in: the screen goes to /login
    const row = await t.handle.db
      .selectFrom('users')
      .select(['password_hash', 'referral_code'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row.referral_code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });

  it('refuses a second account for the same email, case-insensitively, with 409', async () => {
    const res = await trpcMutation(t.app, 'user.signup', signupInput('ADA@example.COM'));
    expect(trpcError(res)).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'An account with this email already exists.',
    });
    expect(await countUsers('ada@example.com')).toBe(1);
  });

  it('gives one account and 409s when the same email signs up many times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => trpcMutation(t.app, 'user.signup', signupInput('race@example.com'))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await countUsers('race@example.com')).toBe(1);
  });

  it('refuses keys that do not belong in a sign-up (balance) with 400 and writes nothing', async () => {
    const res = await trpcMutation(t.app, 'user.signup', signupInput('rich@example.com', { balance: 1e6 }));
    expect(trpcError(res)).toMatchObject({ status: 400, message: 'Unknown field(s): balance' });
    expect(await countUsers('rich@example.com')).toBe(0);
  });

  it('explains bad input field by field', async () => {
    const res = await trpcMutation(
      t.app,
      'user.signup',
      signupInput('not-an-email', { password: 'short', firstName: '' }),
    );
    const err = trpcError(res);
    expect(err.status).toBe(400);
    expect(err.message).toContain('firstName: First name is required');
    expect(err.message).toContain('email: Email must be a valid email address');
    expect(err.message).toContain('password: Password must be at least 8 characters');
    expectNoSecrets(res);
  });

  it('records the referrer when signing up with a known ref code, and refuses an unknown one', async () => {
    const referrer = await insertUser(t.handle.db);
    const ok = trpcData(
      await trpcMutation(
        t.app,
        'user.signup',
        signupInput('friend@example.com', { ref: referrer.referral_code.toLowerCase() }),
      ),
    );
    const row = await t.handle.db
      .selectFrom('users')
      .select('referred_by')
      .where('id', '=', ok.id)
      .executeTakeFirstOrThrow();
    expect(row.referred_by).toBe(referrer.id);

    const bad = await trpcMutation(t.app, 'user.signup', signupInput('stranger@example.com', { ref: 'NOPE2345' }));
    expect(trpcError(bad)).toMatchObject({ status: 400 });
    expect(trpcError(bad).message).toMatch(/referral code "NOPE2345" does not belong to any account/);
    expect(await countUsers('stranger@example.com')).toBe(0);
  });

  it('answers a wrong password and an unknown email with the same 401 and sets no cookie', async () => {
    const user = await insertUser(t.handle.db);
    const wrong = await trpcMutation(t.app, 'user.login', { email: user.email, password: 'not the password' });
    const unknown = await trpcMutation(t.app, 'user.login', { email: 'nobody@example.com', password: TEST_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(trpcError(res)).toMatchObject({
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Email or password is incorrect.',
      });
      expect(res.cookies).toHaveLength(0);
      expectNoSecrets(res);
    }
  });

  it('logs in with a plain JSON body, sets an httpOnly SameSite=Lax cookie and stores only its hash', async () => {
    const user = await insertUser(t.handle.db);
    const res = await trpcMutation(t.app, 'user.login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expectNoSecrets(res);
    expect(trpcData(res)).toMatchObject({ id: user.id, email: user.email });
    const cookie = res.cookies.find((c) => c.name === 'vestora_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value.length).toBeGreaterThanOrEqual(22); // >= 128 bits in base64url
    const sessions = await t.handle.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([{ token_hash: createHash('sha256').update(cookie.value).digest('hex') }]);
    expect(JSON.stringify(sessions)).not.toContain(cookie.value);
  });

  it('a new login replaces the session the browser already had', async () => {
    const user = await insertUser(t.handle.db);
    const first = await loginAs(t, user);
    const res = await trpcMutation(t.app, 'user.login', { email: user.email, password: TEST_PASSWORD }, first);
    const second = sessionCookieFrom(res);
    expect(second).not.toBe(first);
    expect(trpcError(await trpcQuery(t.app, 'user.me', undefined, first)).status).toBe(401);
    expect(trpcData(await trpcQuery(t.app, 'user.me', undefined, second)).id).toBe(user.id);
  });

  it('says which limit an over-long password breaks', async () => {
    const res = await trpcMutation(t.app, 'user.login', { email: 'a@example.com', password: 'x'.repeat(201) });
    expect(trpcError(res)).toMatchObject({ status: 400, message: 'password: Password must be at most 200 characters' });
  });

  it('user.me answers the signed-in user and 401 without a session', async () => {
    const user = await insertUser(t.handle.db, { balanceCents: 12_345 });
    const cookie = await loginAs(t, user);
    const me = await trpcQuery(t.app, 'user.me', undefined, cookie);
    expectNoSecrets(me);
    expect(trpcData(me)).toMatchObject({ id: user.id, balance: 123.45, accountType: 'user' });
    const anon = await trpcQuery(t.app, 'user.me');
    expect(trpcError(anon)).toMatchObject({ status: 401, message: 'Please sign in to continue.' });
  });

  it('user.session answers the signed-in user, and null (not an error) for a visitor', async () => {
    const user = await insertUser(t.handle.db);
    const cookie = await loginAs(t, user);
    const mine = await trpcQuery(t.app, 'user.session', undefined, cookie);
    expectNoSecrets(mine);
    expect(trpcData(mine)).toMatchObject({ id: user.id, email: user.email });
    const anon = await trpcQuery(t.app, 'user.session');
    expect(anon.statusCode).toBe(200);
    expect(trpcData(anon)).toBeNull();
  });

  it('logout ends the session server-side: the old cookie no longer works', async () => {
    const user = await insertUser(t.handle.db);
    const cookie = await loginAs(t, user);
    const out = await trpcMutation(t.app, 'user.logout', undefined, cookie);
    expect(trpcData(out)).toEqual({ ok: true });
    const cleared = out.cookies.find((c) => c.name === 'vestora_session');
    expect(cleared?.value).toBe('');
    const rows = await t.handle.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(0);
    expect(trpcError(await trpcQuery(t.app, 'user.me', undefined, cookie)).status).toBe(401);
    expect(trpcError(await trpcMutation(t.app, 'user.logout', undefined, cookie)).status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const user = await insertUser(t.handle.db);
    const cookie = await loginAs(t, user);
    await t.handle.db
      .updateTable('sessions')
      .set({ created_at: new Date('2020-01-01T00:00:00Z'), last_seen_at: new Date('2020-01-01T00:00:00Z') })
      .where('user_id', '=', user.id)
      .execute();
    expect(trpcError(await trpcQuery(t.app, 'user.me', undefined, cookie)).status).toBe(401);
  });
});

describe('session cookie and HSTS under an https PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://vestora.example' } });
  });
  afterAll(() => t.close());

  it('is named __Host-vestora_session, Secure, httpOnly, SameSite=Lax, Path=/ without Domain, and works', async () => {
    const user = await insertUser(t.handle.db);
    const res = await trpcMutation(t.app, 'user.login', { email: user.email, password: TEST_PASSWORD });
    const cookie = sessionCookieFrom(res);
    expect(res.cookies.map((c) => c.name)).toEqual(['__Host-vestora_session']);
    expect(res.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(res.cookies[0]!.domain).toBeUndefined();
    expect(trpcData(await trpcQuery(t.app, 'user.me', undefined, cookie)).id).toBe(user.id);
    // The plain name is not read under https: a cookie planted over http cannot stand in for the real one.
    const plain = cookie.replace('__Host-vestora_session=', 'vestora_session=');
    expect(trpcError(await trpcQuery(t.app, 'user.me', undefined, plain)).status).toBe(401);
  });

  it('sends HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('under an http PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'http://vestora.test' } });
  });
  afterAll(() => t.close());

  it('the cookie is vestora_session without Secure (__Host- needs Secure), and there is no HSTS', async () => {
    const user = await insertUser(t.handle.db);
    const res = await trpcMutation(t.app, 'user.login', { email: user.email, password: TEST_PASSWORD });
    expect(res.cookies.map((c) => c.name)).toEqual(['vestora_session']);
    expect(res.cookies[0]!.secure).toBeFalsy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['strict-transport-security']).toBeUndefined();
  });
});
