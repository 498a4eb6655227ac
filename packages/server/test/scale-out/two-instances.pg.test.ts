// Two instances of the product on ONE PostgreSQL database, as behind a load balancer: each its own app, pool,
// market cache, limits and payout runner, listening on its own port; the only thing they share is the database
// (and a clock, as two machines with synchronised clocks). What a user does on one works on the other, the market
// feed is called once per TTL across both, and a payout period is paid once.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { type PayoutRunner, startPayoutRunner } from '../../src/modules/investment/investment.runner.ts';
import { insertUser, TEST_PASSWORD } from '../../src/test/factories.ts';
import { type FakeMarketFeed, startFakeMarketFeed } from '../../src/test/fake-market-feed.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { createEmptyTestDatabase, TEST_POOL } from '../../src/test/test-db.ts';
import { expectVerified, ledgerSum, seededPlans } from '../investment/investment-helpers.ts';

const TTL_S = 120;

interface Instance {
  app: FastifyInstance;
  handle: DbHandle;
  url: string;
  payouts: PayoutRunner;
}

describe('two instances on one PostgreSQL database behind a load balancer', () => {
  const clock = new ManualClock('2027-01-04T09:00:00.000Z');
  let database: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  let admin: DbHandle;
  let feed: FakeMarketFeed;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    feed = await startFakeMarketFeed();
    database = await createEmptyTestDatabase();
    admin = await createDb({ databaseUrl: database.url, pool: { ...TEST_POOL, max: 2 } });
    await migrateToLatest(admin.db);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://vestora.test',
      DATABASE_URL: database.url,
      APP_SECRET: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      MARKET_FEED_URL: feed.url,
      MARKET_CACHE_TTL_S: String(TTL_S),
      MARKET_TIMEOUT_MS: '30000',
      // The runners are driven by the test (runOnce); their own timer would only add idle wake-ups.
      PAYOUT_INTERVAL_S: '3600',
    });
    for (let i = 0; i < 2; i++) {
      const handle = await createDb({ databaseUrl: database.url, pool: TEST_POOL });
      const app = await buildApp({ config, db: handle, clock, logger: false });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      instances.push({ app, handle, url, payouts: startPayoutRunner(app.deps) });
    }
    [a, b] = instances as [Instance, Instance];
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.payouts.stop();
      await i.app.close();
      await i.handle.close();
    }
    await admin?.close();
    await database?.drop();
    await feed?.close();
  });

  /** One tRPC call over HTTP to an instance; answers status, data (or error) and headers. */
  async function call(
    to: Instance,
    path: string,
    opts: { input?: unknown; cookie?: string; mutation?: boolean; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let res: Response;
    if (opts.mutation) {
      headers['content-type'] = 'application/json';
      res = await fetch(`${to.url}/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(opts.input ?? {}) });
    } else {
      const q = opts.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(opts.input))}`;
      res = await fetch(`${to.url}/trpc/${path}${q}`, { headers });
    }
    const text = await res.text();
    const body = text ? (JSON.parse(text) as { result?: { data: unknown }; error?: { message: string } }) : {};
    return { status: res.status, data: body.result?.data as never, error: body.error, headers: res.headers };
  }

  async function signIn(to: Instance, email: string): Promise<string> {
    const res = await fetch(`${to.url}/trpc/user.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vestora_session='));
    return cookie!.split(';')[0]!;
  }

  it('runs as two processes would: separate pools, separate market caches, separate ports', () => {
    expect(a.handle.pool).toBeDefined();
    expect(a.handle.pool).not.toBe(b.handle.pool);
    expect(a.app.deps.market).not.toBe(b.app.deps.market);
    expect(a.url).not.toBe(b.url);
  });

  it('a session made on one instance works on the other, and ends on both when signed out on either', async () => {
    const user = await insertUser(admin.db, { email: `two-${randomUUID()}@example.com`, balanceCents: 50_00 });
    const cookie = await signIn(a, user.email);
    const meOnB = await call(b, 'user.me', { cookie });
    expect(meOnB.status).toBe(200);
    expect(meOnB.data).toMatchObject({ id: user.id, email: user.email, balance: 50 });

    // What one instance writes, the other reads at once: a deposit reported on B is in the list A shows.
    const reported = await call(b, 'deposit.request', {
      mutation: true,
      cookie,
      input: { amount: 25, reference: 'two-instances', idempotencyKey: randomUUID() },
    });
    expect(reported.status, JSON.stringify(reported.error)).toBe(200);
    const listedOnA = await call(a, 'deposit.list', { cookie, input: {} });
    expect(listedOnA.status).toBe(200);
    expect((listedOnA.data as { items: { id: string }[] }).items.map((d) => d.id)).toContain(
      (reported.data as { id: string }).id,
    );

    expect((await call(b, 'user.logout', { mutation: true, cookie })).status).toBe(200);
    expect((await call(a, 'user.me', { cookie })).status).toBe(401);
    expect((await call(b, 'user.me', { cookie })).status).toBe(401);
  });

  it('calls the market feed once per TTL across both instances, and an ETag from one revalidates on the other', async () => {
    const before = feed.requests;
    const round = () => Promise.all([...Array(10)].flatMap(() => [call(a, 'market.coins'), call(b, 'market.coins')]));
    const first = await round();
    expect(first.every((r) => r.status === 200)).toBe(true);
    expect(feed.requests).toBe(before + 1);

    const etag = first[0]!.headers.get('etag')!;
    expect(new Set(first.map((r) => r.headers.get('etag')))).toEqual(new Set([etag]));
    const revalidated = await fetch(`${b.url}/trpc/market.coins`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);

    clock.advanceMs(TTL_S * 1000 - 1);
    await round();
    expect(feed.requests).toBe(before + 1);

    clock.advanceMs(1);
    // Each instance sees its copy is old; the one that takes the lease asks the feed, the other picks up the row.
    await round();
    await round();
    expect(feed.requests).toBe(before + 2);
  });

  it('pays a payout period once when both instances run their payout runners at the same moment', async () => {
    const user = await insertUser(admin.db, { email: `payout-${randomUUID()}@example.com`, balanceCents: 1_000_00 });
    const cookie = await signIn(b, user.email);
    const plan = (await seededPlans(admin.db)).find((p) => p.terms.payoutFrequency === 'monthly')!;
    const opened = await call(a, 'investment.open', {
      mutation: true,
      cookie,
      input: { planId: plan.id, amount: plan.terms.minAmountCents / 100, idempotencyKey: randomUUID() },
    });
    expect(opened.status, JSON.stringify(opened.error)).toBe(200);
    const investmentId = (opened.data as { id: string }).id;

    // A month and a day later both instances wake up together, several times over.
    clock.advanceMs(32 * 86_400_000);
    const runs = await Promise.all([
      a.payouts.runOnce(),
      b.payouts.runOnce(),
      a.payouts.runOnce(),
      b.payouts.runOnce(),
    ]);
    expect(runs.reduce((s, r) => s + r.payments, 0)).toBe(1);

    const payouts = await sql<{ period: number }>`
      select period from investment_payouts where investment_id = ${investmentId}`.execute(admin.db);
    expect(payouts.rows).toEqual([{ period: 1 }]);
    const interest = await ledgerSum(admin.db, 'interest', user.id);
    expect(interest).toBeGreaterThan(0);
    expect(interest).toBe(runs.reduce((s, r) => s + r.interestCents, 0));
    await expectVerified(admin.db);
  });
});
