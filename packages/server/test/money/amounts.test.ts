import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { planFields } from '../support/fixtures.ts';
import { balanceOf, cookieFor, DETAILS, newKey } from './money-helpers.ts';

// Money on the wire is a JSON number of dollars with at most 2 decimals; everything else is a 400 that
// says what is wrong. Checked over real HTTP, the way any client sends it.
describe('amounts on the wire', () => {
  let t: TestApp;
  let user: TestUser;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    user = await insertUser(t.handle.db, { tier: 2, balanceCents: 1_000_00 });
    cookie = await cookieFor(t, user);
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const rawPost = (path: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload,
    });

  const bad: [string, unknown, RegExp][] = [
    ['three decimals', 10.005, /amount: Amount can have at most 2 decimals/],
    // Nothing is rounded: an amount whose shortest decimal form has more than 2 decimals is refused.
    ['float noise (0.1 + 0.2)', 0.1 + 0.2, /^amount: Amount can have at most 2 decimals$/],
    ['a ninth decimal', 0.300000001, /^amount: Amount can have at most 2 decimals$/],
    ['a tiny number (1e-7)', 1e-7, /^amount: Amount can have at most 2 decimals$/],
    ['1e21', 1e21, /^amount: Amount cannot exceed \$10,000,000\.00$/],
    ['negative', -5, /amount: Amount must be greater than zero/],
    ['zero', 0, /amount: Amount must be greater than zero/],
    ['NaN as a string', 'NaN', /amount: Amount must be a number/],
    ['a numeric string', '10.00', /amount: Amount must be a number/],
    ['absurdly large', 1e12, /amount: Amount cannot exceed \$10,000,000\.00/],
    ['just over the limit', 10_000_000.01, /amount: Amount cannot exceed \$10,000,000\.00/],
    ['null', null, /amount: Amount must be a number/],
  ];

  for (const [label, amount, message] of bad) {
    it(`deposit.request refuses ${label} with a 400 that says why`, async () => {
      const res = await post('deposit.request', { amount, reference: 'TRF-1', idempotencyKey: newKey() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    });
    it(`withdrawal.request refuses ${label} with a 400 that says why`, async () => {
      const res = await post('withdrawal.request', {
        amount,
        method: 'bank',
        details: DETAILS.bank,
        idempotencyKey: newKey(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    });
  }

  it('every other amount follows the same rule: investments, plan minimum, maximum and capacity', async () => {
    const quote = await t.app.inject({
      method: 'GET',
      url: `/trpc/investment.quote?input=${encodeURIComponent(
        JSON.stringify({ planId: '00000000-0000-4000-8000-000000000000', amount: 0.1 + 0.2 }),
      )}`,
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error.message).toBe('amount: Amount can have at most 2 decimals');
    const invest = await post('investment.open', {
      planId: '00000000-0000-4000-8000-000000000000',
      amount: 100.000000001,
      idempotencyKey: newKey(),
    });
    expect(invest.statusCode).toBe(400);
    expect(invest.json().error.message).toBe('amount: Amount can have at most 2 decimals');
    const admin = await insertUser(t.handle.db, { accountType: 'admin' });
    const adminCookie = await cookieFor(t, admin);
    for (const [field, value, message] of [
      ['minAmount', 100.001, 'minAmount: Amount can have at most 2 decimals'],
      ['maxAmount', 999.0000001, 'maxAmount: Amount can have at most 2 decimals'],
      ['capacity', 5000.000001, 'capacity: Capacity can have at most 2 decimals'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/plan.create',
        headers: { cookie: adminCookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...planFields(), [field]: value }),
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await t.handle.db.selectFrom('plans').select('id').execute()).toEqual([]);
  });

  it('a number too large for JSON (1e400 = Infinity) is refused too', async () => {
    const res = await rawPost(
      'withdrawal.request',
      `{"amount":1e400,"method":"bank","details":"${DETAILS.bank}","idempotencyKey":"${newKey()}"}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^amount: Amount must be/);
  });

  it('refused amounts change nothing', async () => {
    expect(await balanceOf(t.handle.db, user.id)).toBe(1_000_00);
    const rows = await t.handle.db.selectFrom('withdrawals').select('id').execute();
    expect(rows).toEqual([]);
    expect(await t.handle.db.selectFrom('deposits').select('id').execute()).toEqual([]);
  });

  it('accepts 2 decimals and the exact limit', async () => {
    const a = await post('deposit.request', { amount: 0.29, reference: 'TRF-2', idempotencyKey: newKey() });
    expect(a.statusCode).toBe(200);
    expect(a.json().result.data.amount).toBe(0.29);
    const b = await post('deposit.request', { amount: 10_000_000, reference: 'TRF-3', idempotencyKey: newKey() });
    expect(b.statusCode).toBe(200);
    const c = await post('withdrawal.request', {
      amount: 19.99,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    expect(c.statusCode).toBe(200);
    expect(c.json().result.data).toMatchObject({ amount: 19.99, status: 'pending' });
    expect(await balanceOf(t.handle.db, user.id)).toBe(1_000_00 - 19_99);
  });

  it('insufficient funds over HTTP is a 422 with the reason', async () => {
    const res = await post('withdrawal.request', {
      amount: 5_000,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Insufficient funds: your balance does not cover this amount.');
  });

  it('unknown fields and bad idempotency keys are refused', async () => {
    const extra = await post('deposit.request', {
      amount: 1,
      reference: 'X',
      idempotencyKey: newKey(),
      userId: user.id,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toMatch(/Unknown field\(s\): userId/);
    const key = await post('deposit.request', { amount: 1, reference: 'X', idempotencyKey: 'short' });
    expect(key.statusCode).toBe(400);
    expect(key.json().error.message).toMatch(/idempotencyKey must be 8 to 100 characters/);
  });
});
