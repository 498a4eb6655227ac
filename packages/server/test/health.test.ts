import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/test/harness.ts';

describe('health endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz answers alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('GET /readyz is 200 while the database answers', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().ok).toBe(true);
  });

  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/user.login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().err).toMatch(/Cross-site/);
  });

  it('accepts only the configured public origin: not an Origin that merely equals the Host header', async () => {
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/user.login',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { email: 'a@b.co', password: 'x' },
      });
    // A client picks its Host header: an Origin equal to it proves nothing (#17).
    const spoofed = await post({ host: 'attacker.example', origin: 'http://attacker.example' });
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json().err).toMatch(/Cross-site/);
    const otherPort = await post({ origin: 'http://vestora.test:8080' });
    expect(otherPort.statusCode).toBe(403);
    // The configured PUBLIC_URL's origin gets past the check (and is refused for its wrong password instead).
    expect((await post({ origin: 'http://vestora.test' })).statusCode).toBe(401);
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.co&password=x',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_MIN: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 with a clear message after too many attempts from one address', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().err).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('cross-site check on an https site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://vestora.test' } });
  });
  afterAll(() => t.close());

  it('refuses an http:// Origin of the same host: only the configured scheme, host and port count', async () => {
    const post = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/user.login',
        headers: { 'content-type': 'application/json', origin, host: 'vestora.test' },
        payload: { email: 'a@b.co', password: 'x' },
      });
    expect((await post('http://vestora.test')).statusCode).toBe(403);
    expect((await post('https://vestora.test')).statusCode).toBe(401);
  });
});
