// Proofs of issue #9's sign-in limit: each way around the old URL-matching limiter is counted now.
// AUTH_RATE_LIMIT_PER_MIN=20 per bucket (account, address): the 21st attempt in a window is a 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import {
  expectSignInRefused,
  expectWrongPassword,
  type LoginVia,
  loginAttempt,
  lockoutsOf,
  messageOf,
  someEmail,
} from './limit-helpers.ts';

const LIMIT = 20;

/** A distinct IPv4 address per (test, attempt), so only the bucket under test fills up. */
const v4 = (net: number, i: number) => `10.${net}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe('sign-in limit (AUTH_RATE_LIMIT_PER_MIN=20), counted after routing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_MIN: String(LIMIT) } });
  });
  afterAll(() => t.close());

  it('(a) every call of a tRPC batch is counted: a batched login is refused or counted, never free', async () => {
    const address = '192.0.2.10';
    const email = someEmail('batch');
    const input = { email, password: 'not the password' };
    const batch = await t.app.inject({
      method: 'POST',
      url: '/trpc/user.login,user.login,user.login,user.login,user.login?batch=1',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ 0: input, 1: input, 2: input, 3: input, 4: input }),
    });
    // Either the batch is refused before any procedure runs (batched sign-in is forbidden), or each of its
    // five calls ran the password check: then each must have counted.
    const body = batch.json();
    const ran = Array.isArray(body)
      ? body.filter((r: { error?: { data?: { httpStatus?: number } } }) => r.error?.data?.httpStatus === 401).length
      : 0;
    if (ran === 0) expect(batch.statusCode, batch.body).toBe(400);
    else expect(ran).toBe(5);
    // What is left of the address's (and the account's) 20 attempts, spent through single calls.
    for (let i = 0; i < LIMIT - ran; i++) expectWrongPassword(await loginAttempt(t.app, { email, address }));
    expectSignInRefused(await loginAttempt(t.app, { email, address }));
  });

  it('(a) a batch carrying more calls than are left is refused call by call, whatever the batch size', async () => {
    const address = '192.0.2.11';
    const email = someEmail('batch2');
    for (let i = 0; i < LIMIT - 1; i++) expectWrongPassword(await loginAttempt(t.app, { email, address }));
    const input = { email, password: 'not the password' };
    const batch = await t.app.inject({
      method: 'POST',
      url: '/trpc/user.login,user.login,user.login?batch=1',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ 0: input, 1: input, 2: input }),
    });
    const body = batch.json();
    const refusedWhole =
      batch.statusCode === 400 &&
      (!Array.isArray(body) ||
        body.every((r: { error?: { data?: { httpStatus?: number } } }) => r.error?.data?.httpStatus === 400));
    if (!refusedWhole) {
      expect(Array.isArray(body), batch.body).toBe(true);
      // One attempt was left: at most one call reached the password check, the others were refused with 429.
      const statuses = body.map((r: { error?: { data?: { httpStatus?: number } } }) => r.error?.data?.httpStatus);
      expect(statuses.filter((s: number | undefined) => s === 401).length).toBeLessThanOrEqual(1);
      expect(statuses.filter((s: number | undefined) => s === 429).length).toBeGreaterThanOrEqual(2);
      expect(Number(batch.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Refused as a whole (batched sign-in is forbidden) or call by call: either way the last attempt is still
    // there for a single call, and the one after it is refused.
    if (refusedWhole) expectWrongPassword(await loginAttempt(t.app, { email, address }));
    expectSignInRefused(await loginAttempt(t.app, { email, address }));
  });

  it('(b) percent-encoded paths reach the same procedure and count: /trpc/user%2Elogin, /api/v1/user/%6Cogin', async () => {
    const address = '192.0.2.20';
    const email = someEmail('encoded');
    const ways: LoginVia[] = ['trpcEncoded', 'legacyEncoded'];
    for (let i = 0; i < LIMIT; i++) {
      expectWrongPassword(await loginAttempt(t.app, { email, address, via: ways[i % 2] }));
    }
    for (const via of ways) expectSignInRefused(await loginAttempt(t.app, { email, address, via }));
    // ...and the plain spellings share that count.
    expectSignInRefused(await loginAttempt(t.app, { email: someEmail(), address, via: 'legacy' }));
  });

  it('(c) a different X-Forwarded-For on each request does not reset the count (TRUST_PROXY unset)', async () => {
    const address = '192.0.2.30';
    for (let i = 0; i < LIMIT; i++) {
      // A new account each time too: only the address bucket can stop these.
      const res = await loginAttempt(t.app, { email: someEmail('xff'), address, forwardedFor: v4(30, i) });
      expectWrongPassword(res);
    }
    expectSignInRefused(await loginAttempt(t.app, { email: someEmail('xff'), address, forwardedFor: v4(30, LIMIT) }));
  });

  it('(d) rotating IPv6 addresses inside one /64 share a bucket; another /64 has its own', async () => {
    const hex = (i: number) => ((i * 7919 + 1) & 0xffff).toString(16);
    for (let i = 0; i < LIMIT; i++) {
      const address = `2001:db8:4:64:${hex(i)}:${hex(i + 1)}:${hex(i + 2)}:${hex(i + 3)}`;
      expectWrongPassword(await loginAttempt(t.app, { email: someEmail('v6'), address }));
    }
    expectSignInRefused(await loginAttempt(t.app, { email: someEmail('v6'), address: '2001:db8:4:64::beef' }));
    // The neighbouring /64 is somebody else.
    expectWrongPassword(await loginAttempt(t.app, { email: someEmail('v6'), address: '2001:db8:4:65::1' }));
  });

  it('(e) per account: 21 attempts on one email from 21 addresses, the 21st is 429 and one lockout is audited', async () => {
    const email = someEmail('account');
    const ways: LoginVia[] = ['trpc', 'legacy', 'trpcEncoded', 'legacyEncoded'];
    for (let i = 0; i < LIMIT; i++) {
      // The email's case does not make another account.
      const spelled = i % 2 ? email.toUpperCase() : email;
      expectWrongPassword(await loginAttempt(t.app, { email: spelled, address: v4(50, i), via: ways[i % 4] }));
    }
    const refused = await loginAttempt(t.app, { email, address: v4(50, LIMIT) });
    expectSignInRefused(refused);
    // The legacy API says the same, with the header.
    const legacy = await loginAttempt(t.app, { email, address: v4(50, LIMIT + 1), via: 'legacy' });
    expectSignInRefused(legacy);
    expect(legacy.json()).toEqual({ err: messageOf(legacy) });
    // Another account from those addresses is not refused: the account bucket is what filled.
    expectWrongPassword(await loginAttempt(t.app, { email: someEmail('other'), address: v4(50, 0) }));

    const lockouts = await lockoutsOf(t.handle.db, email);
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({
      entity_type: 'rate_limit',
      after: { limit: 'login', bucket: 'account' },
    });
  });

  it('also counts sign-up attempts, per address', async () => {
    const address = '192.0.2.60';
    const signup = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/%73ignup',
        remoteAddress: address,
        headers: { 'content-type': 'application/json' },
        // Refused by the procedure (a referral code nobody has) after it was counted: no account is made.
        payload: JSON.stringify({
          firstName: 'Ada',
          lastName: 'Lovelace',
          country: 'United Kingdom',
          city: 'London',
          email,
          password: 'a long enough password',
          ref: 'ZZZZZZZZ',
        }),
      });
    for (let i = 0; i < LIMIT; i++) expect((await signup(someEmail('su'))).statusCode).toBe(400);
    const refused = await signup(someEmail('su'));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(messageOf(refused)).toMatch(/^Too many sign-up attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('TRUST_PROXY=1: the address the proxy in front names is the one counted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_MIN: String(LIMIT), TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('counts by the forwarded address, not by the proxy socket', async () => {
    const proxy = '10.0.0.2';
    // Many clients behind one proxy: each has its own bucket.
    for (let i = 0; i < LIMIT + 1; i++) {
      expectWrongPassword(
        await loginAttempt(t.app, { email: someEmail('behind'), address: proxy, forwardedFor: v4(70, i) }),
      );
    }
    // One client behind it, whatever it adds in front of what the proxy appended: the proxy's entry counts.
    const client = '198.51.100.7';
    for (let i = 0; i < LIMIT; i++) {
      const forwardedFor = `${v4(71, i)}, ${client}`;
      expectWrongPassword(await loginAttempt(t.app, { email: someEmail('one'), address: proxy, forwardedFor }));
    }
    expectSignInRefused(
      await loginAttempt(t.app, { email: someEmail('one'), address: proxy, forwardedFor: `1.2.3.4, ${client}` }),
    );
  });
});

describe('the window ends: backoff, not lock-out', () => {
  const WINDOW_S = 2;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_MIN: '2' }, limitWindowS: WINDOW_S });
  });
  afterAll(() => t.close());

  it('an account refused with Retry-After signs in again once that many seconds have passed', async () => {
    const email = someEmail('window');
    // A loaded machine may take longer than the short window for three attempts: go on until one is refused.
    let refused;
    for (let i = 0; i < 40 && !refused; i++) {
      const res = await loginAttempt(t.app, { email, address: v4(90, i) });
      if (res.statusCode === 429) refused = res;
      else expectWrongPassword(res);
    }
    expect(refused, 'no attempt was refused').toBeDefined();
    expectSignInRefused(refused!, WINDOW_S);
    const waitS = Number(refused!.headers['retry-after']);
    await new Promise((resolve) => setTimeout(resolve, waitS * 1000));
    expectWrongPassword(await loginAttempt(t.app, { email, address: v4(90, 99) }));
  });
});
