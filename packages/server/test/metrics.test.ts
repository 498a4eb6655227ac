import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../src/db/seed.ts';
import { insertOutboxMail } from '../src/modules/mail/mail.repo.ts';
import { addMonthsUtc } from '../src/modules/investment/investment.schedule.ts';
import { createMarketCache, type MarketService } from '../src/modules/market/market.service.ts';
import { seedOpenPositions } from '../src/test/due-positions.ts';
import { startFakeMarketFeed, type FakeMarketFeed } from '../src/test/fake-market-feed.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { testDbKind } from '../src/test/test-db.ts';

const TOKEN = 'metrics-token-0123456789abcdefghij';
const APP_SECRET = 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/** The value of one sample line (`name{labels} value`), or undefined when the exposition has no such line. */
function sample(body: string, nameAndLabels: string): string | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${nameAndLabels} `));
  return line?.slice(nameAndLabels.length + 1);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist (404), with or without an Authorization header', async () => {
    // Without a built web app: with one, an unknown path is a page route and gets the app's HTML.
    const t = await startTestApp({ env: { WEB_DIST_DIR: '/nonexistent-web-dist' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let feed: FakeMarketFeed;
  const marketClock = new ManualClock('2026-01-15T12:00:00.000Z');
  const clock = new ManualClock('2027-01-10T10:00:00.000Z');
  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  beforeAll(async () => {
    feed = await startFakeMarketFeed();
    // The market runs on its own clock (the test moves it apart from the app's) over the app's database.
    const use: { market?: MarketService } = {};
    t = await startTestApp({
      env: { METRICS_TOKEN: TOKEN, APP_SECRET },
      market: {
        getCoins: () => use.market!.getCoins(),
        getReply: () => use.market!.getReply(),
        cacheAgeSeconds: () => use.market!.cacheAgeSeconds(),
        getChart: (coinId, days) => use.market!.getChart(coinId, days),
      },
      clock,
    });
    use.market = createMarketCache({
      db: t.handle.db,
      feedUrl: feed.url,
      ttlMs: 60 * 60_000,
      timeoutMs: 30_000,
      clock: marketClock,
    });
  });
  afterAll(async () => {
    await t?.close();
    await feed?.close();
  });

  it('refuses a missing or wrong token with 401 and a Bearer challenge', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({ err: expect.stringContaining('Authorization: Bearer') });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('serves the Prometheus text format with process, request, pool and backlog figures', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/trpc/plan.list' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/trpc/plan.list' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/trpc/user.me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/investment_plan/get_all' })).statusCode).toBe(200);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'http_request_duration_seconds',
      'vestora_market_cache_age_seconds',
      'vestora_payout_lag_seconds',
      'vestora_mail_outbox_queued',
      'vestora_bitcoin_height_lag_blocks',
    ])
      expect(body, name).toContain(`# TYPE ${name} `);
    // Bitcoin deposits are off here (no BTC_XPUB): no lag to report.
    expect(sample(body, 'vestora_bitcoin_height_lag_blocks')).toBe('Nan');
    const planList = 'method="GET",route="/trpc/:path",procedure="plan.list",status_class="2xx"';
    expect(sample(body, `http_request_duration_seconds_count{${planList}}`)).toBe('2');
    expect(sample(body, `http_request_duration_seconds_bucket{le="+Inf",${planList}}`)).toBe('2');
    const me = 'method="GET",route="/trpc/:path",procedure="user.me",status_class="4xx"';
    expect(sample(body, `http_request_duration_seconds_count{${me}}`)).toBe('1');
    const rest = 'method="GET",route="/api/v1/investment_plan/get_all",procedure="",status_class="2xx"';
    expect(sample(body, `http_request_duration_seconds_count{${rest}}`)).toBe('1');

    if (testDbKind() === 'pg') {
      expect(Number(sample(body, 'vestora_db_pool_connections'))).toBeGreaterThanOrEqual(1);
      expect(sample(body, 'vestora_db_pool_max_connections')).toBe('10');
      expect(sample(body, 'vestora_db_pool_waiting_requests')).toBe('0');
    } else {
      // The embedded database has no pool: no pool figures rather than made-up ones.
      expect(body).not.toContain('vestora_db_pool_');
    }
  });

  it('labels tRPC batches, unknown procedures and unmatched paths without copying the URL', async () => {
    const secret = 'Zq9secretvalue4711';
    const urls = [
      `/trpc/plan.list,plan.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }))}`,
      `/trpc/${secret}.procedure`,
      `/trpc/plan.list?input=${encodeURIComponent(JSON.stringify({ token: secret }))}`,
      `/reset-password?token=${secret}`,
      `/api/v1/${secret}`,
      `/assets/${secret}.js`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    await t.app.inject({
      method: 'POST',
      url: '/trpc/user.login',
      payload: { email: 'nobody@example.com', password: secret },
    });
    const body = (await scrape()).body;
    expect(
      sample(
        body,
        'http_request_duration_seconds_count{method="GET",route="/trpc/:path",procedure="(batch)",status_class="2xx"}',
      ),
    ).toBe('1');
    expect(
      sample(
        body,
        'http_request_duration_seconds_count{method="GET",route="/trpc/:path",procedure="(unknown)",status_class="4xx"}',
      ),
    ).toBe('1');
    expect(
      sample(
        body,
        'http_request_duration_seconds_count{method="POST",route="/trpc/:path",procedure="user.login",status_class="4xx"}',
      ),
    ).toBe('1');
    // The not-found handler answers page routes (HTML) and missing files alike: one "(no route)" label.
    expect(body).toContain('route="(no route)"');
    for (const leak of [secret, TOKEN, APP_SECRET, 'nobody@example.com', 'token='])
      expect(body, leak).not.toContain(leak);
  });

  it('reports the market cache age, the payout runner lag and the outbox queue as of the scrape', async () => {
    // Market: never fetched (the snapshot) is NaN; then the age of the fetched data, by the market's clock.
    // (prom-client writes NaN as `Nan`; Prometheus parses either.)
    expect(sample((await scrape()).body, 'vestora_market_cache_age_seconds')).toMatch(/^nan$/i);
    expect((await t.app.inject({ method: 'GET', url: '/trpc/market.coins' })).statusCode).toBe(200);
    marketClock.advanceMs(42_000);
    let body = (await scrape()).body;
    expect(sample(body, 'vestora_market_cache_age_seconds')).toBe('42');
    expect(sample(body, 'vestora_payout_lag_seconds')).toBe('0');
    expect(sample(body, 'vestora_mail_outbox_queued')).toBe('0');

    // One position whose first monthly period fell due 90 s ago (no runner runs in tests), two queued messages.
    const db = t.handle.db;
    await seedIfEmpty(db);
    const plan = await db
      .selectFrom('plans')
      .select('id')
      .where('investment_plan_name', '=', 'Starter')
      .executeTakeFirstOrThrow();
    const startedAt = clock.now();
    await seedOpenPositions(db, { planId: plan.id, positions: 1, perUser: 1, amountCents: 500_00, startedAt });
    clock.set(new Date(addMonthsUtc(startedAt, 1).getTime() + 90_000));
    for (const to of ['a@example.com', 'b@example.com'])
      await insertOutboxMail(
        db,
        { userId: null, to, kind: 'newsletter_confirm', subject: 's', text: 't', html: 'h' },
        clock.now(),
      );
    body = (await scrape()).body;
    expect(sample(body, 'vestora_payout_lag_seconds')).toBe('90');
    expect(sample(body, 'vestora_mail_outbox_queued')).toBe('2');
  });
});
