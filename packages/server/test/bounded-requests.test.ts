import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PARAM_LENGTH } from '../src/app.ts';
import { insertUser, TEST_PASSWORD } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { MAX_BATCH_SIZE } from '../src/trpc/context.ts';
import { appRouter } from '../src/trpc/router.ts';
import { sessionFor } from './support/http.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

const count = async (t: TestApp, table: 'users' | 'deposits' | 'sessions') =>
  Number(
    (
      await t.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** POST /trpc/<a,b,...>?batch=1 with inputs keyed "0".."n-1", as tRPC's batch link sends them. */
function batchPost(app: FastifyInstance, paths: string[] | string, inputs: unknown[], cookie?: string) {
  const body = Object.fromEntries(inputs.map((input, i) => [String(i), input]));
  return app.inject({
    method: 'POST',
    url: `/trpc/${Array.isArray(paths) ? paths.join(',') : paths}?batch=1`,
    headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

describe('bounded requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('tRPC batches', () => {
    it(`runs a batch of ${MAX_BATCH_SIZE} calls`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/trpc/${Array(MAX_BATCH_SIZE).fill('plan.list').join(',')}?batch=1`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toHaveLength(MAX_BATCH_SIZE);
    });

    it(`answers 400 to a batch of ${MAX_BATCH_SIZE + 1} before any of its calls runs`, async () => {
      const user = await insertUser(t.handle.db);
      const cookie = await sessionFor(t, user);
      const deposit = () => ({ amount: 10, reference: 'TRF-1', idempotencyKey: `k-${randomUUID()}` });
      const before = await count(t, 'deposits');

      const res = await batchPost(
        t.app,
        Array(MAX_BATCH_SIZE + 1).fill('deposit.request'),
        Array.from({ length: MAX_BATCH_SIZE + 1 }, deposit),
        cookie,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(`A batch may carry at most ${MAX_BATCH_SIZE} calls.`);
      expect(await count(t, 'deposits')).toBe(before); // none of the 11 deposit reports was made

      // The same calls, one fewer, do run: the refusal above is the size, nothing else.
      const ok = await batchPost(t.app, Array(2).fill('deposit.request'), [deposit(), deposit()], cookie);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await count(t, 'deposits')).toBe(before + 2);
    });

    it('answers 400 to a batched sign-in or sign-up, however the path is encoded, and signs no one in or up', async () => {
      const user = await insertUser(t.handle.db);
      const login = { email: user.email, password: TEST_PASSWORD };
      const signup = {
        firstName: 'Bat',
        lastName: 'Ched',
        country: 'Portugal',
        city: 'Porto',
        email: `batched-${randomUUID()}@example.com`,
        password: 'a long enough password',
      };
      const users = await count(t, 'users');
      const sessions = await count(t, 'sessions');
      const cases: [string, unknown[], string][] = [
        ['user.login', [login], 'user.login'],
        ['user.login,user.login', [login, login], 'user.login'],
        ['user.logout,user.login', [undefined, login], 'user.login'],
        ['user%2Elogin,user.logout', [login], 'user.login'],
        ['user%252Elogin', [login], 'user.login'], // tRPC decodes the path Fastify already decoded
        ['user.signup', [signup], 'user.signup'],
        ['user.logout,user%2esignup', [undefined, signup], 'user.signup'],
      ];
      for (const [path, inputs, name] of cases) {
        const res = await batchPost(t.app, path, inputs);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
        expect(res.body).toContain(`${name} cannot be batched`);
        expect(res.cookies, path).toHaveLength(0);
      }
      expect(await count(t, 'users')).toBe(users);
      expect(await count(t, 'sessions')).toBe(sessions);

      // Sent alone, the same sign-in works.
      const alone = await t.app.inject({
        method: 'POST',
        url: '/trpc/user.login',
        headers: JSON_HEADERS,
        payload: JSON.stringify(login),
      });
      expect(alone.statusCode, alone.body).toBe(200);
    });
  });

  describe('path length', () => {
    it(`routes a ${MAX_BATCH_SIZE}-call batch of the longest procedure name, even fully percent-encoded`, async () => {
      const paths = Object.keys(appRouter._def.procedures);
      const longest = paths.reduce((a, b) => (b.length > a.length ? b : a));
      const encoded = [...longest]
        .map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
        .join('');
      const param = Array(MAX_BATCH_SIZE).fill(encoded).join('%2C');
      expect(param.length).toBeLessThanOrEqual(MAX_PARAM_LENGTH);
      const cookie = await sessionFor(t, await insertUser(t.handle.db));
      const res = await t.app.inject({ method: 'GET', url: `/trpc/${param}?batch=1`, headers: { cookie } });
      // Routed to tRPC: an answer per call (whatever each call says), not the router's 404.
      expect(Array.isArray(res.json()), res.body).toBe(true);
      expect(res.json()).toHaveLength(MAX_BATCH_SIZE);
    });

    it(`answers 414 without reaching tRPC when the path is longer than ${MAX_PARAM_LENGTH} characters`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/trpc/${'plan.list,'.repeat(Math.ceil(MAX_PARAM_LENGTH / 10) + 1)}plan.list?batch=1`,
      });
      // 414 from the router; when the web app is built, its static wildcard route is a sibling the router falls
      // back to, and the app's not-found handler answers 404 instead. Either way tRPC never sees the path.
      expect([404, 414]).toContain(res.statusCode);
      expect(res.json()).toEqual({ err: expect.any(String) }); // the app's error body, not a tRPC answer
    });
  });

  describe('bodies', () => {
    const tenMB = JSON.stringify({
      firstName: 'x'.repeat(10 * 1024 * 1024),
      lastName: 'L',
      country: 'C',
      city: 'C',
      email: 'huge@example.com',
      password: 'a long enough password',
    });

    for (const url of ['/trpc/user.signup', '/api/v1/user/signup']) {
      it(`refuses a 10 MB body to ${url} with 413 before any handler, and makes no user`, async () => {
        const before = await count(t, 'users');
        const res = await t.app.inject({ method: 'POST', url, headers: JSON_HEADERS, payload: tenMB });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
        expect(res.json()).toEqual({ err: 'Request body is too large' });
        expect(await count(t, 'users')).toBe(before);
      });
    }
  });

  describe('malformed percent-encoding in a tRPC path', () => {
    it('answers 400, never 500, whether the bad escape is sent raw or encoded once', async () => {
      for (const [method, url] of [
        ['GET', '/trpc/%25s%25n'],
        ['POST', '/trpc/%25s%25n'],
        ['GET', '/trpc/plan.list,%25E0%25A4%25A?batch=1'],
        ['GET', '/trpc/%s%n'],
        ['POST', '/trpc/%E0%A4%A'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: method === 'POST' ? JSON_HEADERS : {},
          ...(method === 'POST' ? { payload: '{}' } : {}),
        });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
        expect(res.json().err, url).toMatch(/not valid \(malformed percent-encoding\)/);
      }
    });
  });

  it('sends every response with its own request id, not one the client chose', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'chosen-by-client' } });
    const b = await t.app.inject({ method: 'GET', url: '/trpc/nope' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(a.headers['x-request-id']).toMatch(uuid);
    expect(b.headers['x-request-id']).toMatch(uuid);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('timeouts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { HTTP_IDLE_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '20000', KEEP_ALIVE_TIMEOUT_MS: '3000' },
    });
  });
  afterAll(() => t.close());

  it('applies the configured request and keep-alive timeouts to the HTTP server', () => {
    expect(t.app.server.requestTimeout).toBe(20_000);
    expect(t.app.server.keepAliveTimeout).toBe(3000);
    expect(t.app.server.timeout).toBe(1000);
  });

  it('closes a connection that sends half a request and then nothing', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => resolve(got));
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /trpc/user.login HTTP/1.1\r\nHost: vestora.test\r\nContent-Type: application/json\r\n');
    // The server ends it (the test's own timeout is the only clock here: 60 s against a 1 s setting).
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});

describe('under pressure', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Any Node process uses more than 1 MB of heap: the first sample puts the server under pressure.
    t = await startTestApp({ env: { MAX_HEAP_USED_MB: '1' } });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After and says nothing about why, while /healthz stays alive', async () => {
    // under-pressure samples memory once a second: wait for that first sample, not for a time.
    await vi.waitFor(() => expect(t.app.memoryUsage().heapUsed).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    for (const req of [
      { method: 'GET' as const, url: '/trpc/plan.list' },
      { method: 'GET' as const, url: '/api/v1/investment_plan/get_all' },
      { method: 'GET' as const, url: '/readyz' },
    ]) {
      const res = await t.app.inject(req);
      expect(res.statusCode, `${req.url}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.json()).toEqual({ err: 'The server is busy right now. Please try again in a few seconds.' });
    }
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
  });

  it('is off for the defaults a test machine runs with', async () => {
    const relaxed = await startTestApp();
    try {
      await vi.waitFor(() => expect(relaxed.app.memoryUsage().heapUsed).toBeGreaterThan(0), {
        timeout: 30_000,
        interval: 50,
      });
      expect(relaxed.app.isUnderPressure()).toBe(false);
      expect((await relaxed.app.inject({ method: 'GET', url: '/trpc/plan.list' })).statusCode).toBe(200);
    } finally {
      await relaxed.close();
    }
  });
});
