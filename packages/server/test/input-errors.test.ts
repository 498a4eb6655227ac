import { randomUUID } from 'node:crypto';
import { initTRPC, TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATA_ERROR_MESSAGE, INTERNAL_MESSAGE, toPublicError } from '../src/lib/errors.ts';
import type { MarketService } from '../src/modules/market/market.service.ts';
import { insertUser } from '../src/test/factories.ts';
import { logCapture, startTestApp, type TestApp } from '../src/test/harness.ts';
import { legacy, sessionFor, trpcError, trpcMutation, trpcQuery } from './support/http.ts';

const signup = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'United Kingdom',
  city: 'London',
  email: `ctl-${randomUUID()}@example.com`,
  password: 'a long enough password',
  ...extra,
});

const CONTROL = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\n', '\t'];

describe('control characters in text fields', () => {
  let t: TestApp;
  let adminCookie: string;
  let userCookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    adminCookie = await sessionFor(t, await insertUser(t.handle.db, { accountType: 'admin' }));
    userCookie = await sessionFor(t, await insertUser(t.handle.db));
  });
  afterAll(() => t.close());

  const userCount = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sign-up with a NUL (or any control character) in a name answers 400 naming the field, on /trpc and /api/v1', async () => {
    const before = await userCount();
    for (const c of CONTROL) {
      const res = await trpcMutation(t.app, 'user.signup', signup({ firstName: `a${c}b` }));
      expect(trpcError(res), JSON.stringify(c)).toMatchObject({
        status: 400,
        message: 'firstName: First name must not contain control characters',
      });
      const old = await legacy(t.app, 'POST', '/user/signup', signup({ city: `x${c}y` }));
      expect(old.statusCode, old.body).toBe(400);
      expect(old.json().err).toMatch(/^city: City must not contain control characters/);
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses control characters in the other free-text inputs, each with its field', async () => {
    const cases: [string, unknown, string][] = [
      ['account.update', { accountNumber: 'PT50\u0000', bankName: 'B', accountHolder: 'H' }, 'accountNumber'],
      ['deposit.request', { amount: 5, reference: 'TRF\u0000', idempotencyKey: `k-${randomUUID()}` }, 'reference'],
      [
        'plan.create',
        {
          investmentPlanName: 'Plan',
          annualRateBps: 500,
          minAmount: 10,
          maxAmount: 100,
          termMonths: 12,
          payoutFrequency: 'monthly',
          riskLevel: 'low',
          investmentPlanDescription: 'line one\nline two\u0000',
        },
        'investmentPlanDescription',
      ],
    ];
    for (const [path, input, field] of cases) {
      const res = await trpcMutation(t.app, path, input, path === 'deposit.request' ? userCookie : adminCookie);
      const err = trpcError(res);
      expect(err.status, `${path}: ${res.body}`).toBe(400);
      expect(err.message).toMatch(new RegExp(`^${field}: .* must not contain control characters`));
    }
    const audit = await trpcQuery(t.app, 'audit.list', { entityType: 'user\u0000' }, adminCookie);
    expect(trpcError(audit)).toMatchObject({ status: 400, message: expect.stringMatching(/^entityType: /) });
  });

  it('keeps line breaks and tabs in a multi-line field (a plan description)', async () => {
    const res = await trpcMutation(
      t.app,
      'plan.create',
      {
        investmentPlanName: `Plan ${randomUUID().slice(0, 8)}`,
        annualRateBps: 500,
        minAmount: 10,
        maxAmount: 100,
        termMonths: 12,
        payoutFrequency: 'monthly',
        riskLevel: 'low',
        investmentPlanDescription: 'line one\n\tline two\r\nend',
      },
      adminCookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data.investmentPlanDescription).toBe('line one\n\tline two\r\nend');
  });
});

/**
 * A query through tRPC itself, as a batch naming it twice (`GET /trpc/market.coins` is answered by the market route
 * from bytes, not by the procedure); the first answer, so trpcError reads it like a single call.
 */
async function trpcViaBatch(t: TestApp, path: string) {
  const res = await t.app.inject({ method: 'GET', url: `/trpc/${path},${path}?batch=1` });
  const [first] = res.json() as unknown[];
  return { ...res, json: () => first } as typeof res;
}

describe('PostgreSQL data errors (SQLSTATE class 22)', () => {
  it('map to 400 with a clear message, found under the wrapping tRPC adds', () => {
    for (const code of ['22021', '22P02', '22003', '22001']) {
      const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
      const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: driverError });
      expect(toPublicError(wrapped)).toEqual({ status: 400, message: DATA_ERROR_MESSAGE });
      expect(toPublicError(driverError)).toEqual({ status: 400, message: DATA_ERROR_MESSAGE });
    }
    // Other database errors stay 500 and say nothing.
    const other = new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      cause: Object.assign(new Error('x'), { code: '42P01' }),
    });
    expect(toPublicError(other)).toEqual({ status: 500, message: INTERNAL_MESSAGE });
  });

  describe('raised by the real driver inside a procedure', () => {
    let t: TestApp;
    beforeAll(async () => {
      // A market service that hands the database a value it refuses (a NUL in text), as a bug could.
      const refused = async (): Promise<never> => {
        await sql`select ${'a\u0000b'}::text as v`.execute(t.handle.db);
        throw new Error('unreachable: the database accepted a NUL');
      };
      const market: MarketService = {
        getCoins: refused,
        getReply: refused,
        getChart: refused,
        cacheAgeSeconds: () => null,
      };
      t = await startTestApp({ market });
    });
    afterAll(() => t.close());

    it('answers 400, not 500', async () => {
      const res = await trpcViaBatch(t, 'market.coins');
      expect(trpcError(res)).toMatchObject({ status: 400, message: DATA_ERROR_MESSAGE });
      // The market route (GET /trpc/market.coins from bytes) maps the same error the same way.
      const route = await t.app.inject({ method: 'GET', url: '/trpc/market.coins' });
      expect(route.statusCode).toBe(400);
      expect(route.json()).toEqual({ err: DATA_ERROR_MESSAGE });
    });
  });
});

describe('an output that fails its schema', () => {
  it('is a 500 (our bug), while an input that fails its schema is a 400', async () => {
    const tt = initTRPC.create();
    const router = tt.router({
      broken: tt.procedure.output(z.object({ n: z.number() })).query(() => ({ n: 'not a number' }) as never),
      strict: tt.procedure.input(z.object({ n: z.number() })).query(({ input }) => input),
    });
    const caller = tt.createCallerFactory(router)({});
    const out = await caller.broken().catch((e: unknown) => e);
    expect(out).toBeInstanceOf(TRPCError);
    expect(toPublicError(out)).toEqual({ status: 500, message: INTERNAL_MESSAGE });
    const inp = await caller.strict({ n: 'x' as never }).catch((e: unknown) => e);
    expect(toPublicError(inp)).toMatchObject({ status: 400, message: expect.stringMatching(/^n: /) });
  });

  describe('in the app', () => {
    let t: TestApp;
    const logs = logCapture();
    beforeAll(async () => {
      const broken = async () => ({ coins: 'not a list', source: 'live', fetchedAt: 'now' });
      const market = { getCoins: broken, getReply: broken };
      t = await startTestApp({ market: market as unknown as MarketService, logStream: logs.stream });
    });
    afterAll(() => t.close());

    it('answers 500 without details and logs the failure with its request id', async () => {
      const res = await trpcViaBatch(t, 'market.coins');
      expect(trpcError(res)).toMatchObject({ status: 500, message: INTERNAL_MESSAGE });
      const reqId = res.headers['x-request-id'];
      const logged = logs.lines().find((l) => l.msg === 'procedure failed');
      expect(logged, logs.text()).toMatchObject({ level: 50, reqId, path: 'market.coins' });
      expect(JSON.stringify(logged)).toMatch(/Output validation failed/);
    });
  });
});
