import { gunzipSync } from 'node:zlib';
import { ZMarketCoins } from '@vestora/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MARKET_MAX_AGE_S } from '../src/modules/market/market.http.ts';
import { createMarketCache, type MarketService } from '../src/modules/market/market.service.ts';
import { readSnapshotFile } from '../src/modules/market/market.snapshot.ts';
import { callerAs, insertUser } from '../src/test/factories.ts';
import { type FakeMarketFeed, startFakeMarketFeed } from '../src/test/fake-market-feed.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { sessionFor } from './support/http.ts';

const URL_ = '/trpc/market.coins';

describe('GET /trpc/market.coins', () => {
  let feed: FakeMarketFeed;
  let t: TestApp;
  // One app (a database start is the slow part); each test points it at the market it needs.
  let market: MarketService;
  const marketOnFeed = () =>
    createMarketCache({ db: t.handle.db, feedUrl: feed.url, ttlMs: 120_000, timeoutMs: 30_000 });
  beforeAll(async () => {
    feed = await startFakeMarketFeed();
    t = await startTestApp({
      market: {
        getCoins: () => market.getCoins(),
        getReply: () => market.getReply(),
        cacheAgeSeconds: () => market.cacheAgeSeconds(),
        getChart: (coinId, days) => market.getChart(coinId, days),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await feed?.close();
  });
  beforeEach(async () => {
    // Each test starts as a fresh install: nothing fetched yet by any instance.
    await t.handle.db.deleteFrom('market_cache').execute();
    feed.behave({ kind: 'ok' });
    market = marketOnFeed();
  });

  it('answers an anonymous visitor with the live coins in plain JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL_ });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['result']);
    const data = ZMarketCoins.strict().parse(body.result.data);
    expect(data.source).toBe('live');
    expect(data.coins).toHaveLength(250);
    expect(Number.isNaN(Date.parse(data.fetchedAt))).toBe(false);
    // Only the contract's fields go out, not everything the feed sent.
    expect(Object.keys(data.coins[0] ?? {}).sort()).toEqual([
      'current_price',
      'id',
      'image',
      'last_updated',
      'market_cap',
      'name',
      'price_change_percentage_24h',
      'symbol',
      'total_volume',
    ]);
    expect(body.result.data.coins[0]).not.toHaveProperty('market_cap_rank');
  });

  it('serves 30 concurrent visitors from one upstream call', async () => {
    const before = feed.requests;
    const replies = await Promise.all(Array.from({ length: 30 }, () => t.app.inject({ method: 'GET', url: URL_ })));
    expect(replies.every((r) => r.statusCode === 200 && r.json().result.data.source === 'live')).toBe(true);
    expect(feed.requests).toBe(before + 1);
    // Every visitor got the very same bytes (serialised once), hence the same ETag.
    expect(new Set(replies.map((r) => r.headers.etag)).size).toBe(1);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
  });

  it('answers 200 with the bundled snapshot, marked as such, when the feed never answered', async () => {
    market = createMarketCache({
      db: t.handle.db,
      feedUrl: 'http://127.0.0.1:9',
      ttlMs: 120_000,
      timeoutMs: 30_000,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const res = await t.app.inject({ method: 'GET', url: URL_ });
    expect(res.statusCode).toBe(200);
    const data = ZMarketCoins.parse(res.json().result.data);
    const snapshot = readSnapshotFile();
    expect(data.source).toBe('snapshot');
    expect(data.fetchedAt).toBe(snapshot.takenAt);
    expect(data.coins).toEqual(snapshot.coins);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('sends an ETag and a short public Cache-Control, and 304 with no body when If-None-Match matches', async () => {
    const first = await t.app.inject({ method: 'GET', url: URL_ });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['cache-control']).toBe(`public, max-age=${MARKET_MAX_AGE_S}`);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers['set-cookie']).toBeUndefined();

    const before = feed.requests;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const again = await t.app.inject({ method: 'GET', url: URL_, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(`public, max-age=${MARKET_MAX_AGE_S}`);
    }
    const other = await t.app.inject({ method: 'GET', url: URL_, headers: { 'if-none-match': '"not-this-one"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
    expect(feed.requests).toBe(before);
  });

  it('changes the ETag when the data changes (a refresh after the TTL)', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00.000Z');
    market = createMarketCache({
      db: t.handle.db,
      feedUrl: feed.url,
      ttlMs: 120_000,
      timeoutMs: 30_000,
      clock,
    });
    const first = await t.app.inject({ method: 'GET', url: URL_ });
    clock.advanceMs(120_000);
    const second = await t.app.inject({ method: 'GET', url: URL_, headers: { 'if-none-match': first.headers.etag } });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(second.json().result.data.fetchedAt).not.toBe(first.json().result.data.fetchedAt);
  });

  it('sends the same bytes gzip-compressed (compressed once) to clients that accept gzip', async () => {
    const plain = await t.app.inject({ method: 'GET', url: URL_ });
    const gz = await t.app.inject({ method: 'GET', url: URL_, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gz.headers.etag).not.toBe(plain.headers.etag);
    const refused = await t.app.inject({ method: 'GET', url: URL_, headers: { 'accept-encoding': 'gzip;q=0, *' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Either tag revalidates: both name the same data.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: URL_,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': plain.headers.etag },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('sends exactly the bytes the tRPC procedure answers (batched and typed callers keep the procedure)', async () => {
    const route = await t.app.inject({ method: 'GET', url: URL_ });
    // A batch naming the procedure twice goes through tRPC itself (`/trpc/:path`), not through the route.
    const batch = await t.app.inject({ method: 'GET', url: '/trpc/market.coins,market.coins?batch=1&input={}' });
    expect(batch.statusCode).toBe(200);
    expect(batch.headers.etag).toBeUndefined();
    const [one, two] = batch.json() as unknown[];
    expect(JSON.stringify(one)).toBe(route.body);
    expect(JSON.stringify(two)).toBe(route.body);
    // The typed caller gets the same data.
    expect(await callerAs(t, null).market.coins()).toEqual(route.json().result.data);
    // A batch of this one call is answered by the route in tRPC's batch shape, from the same bytes.
    const single = await t.app.inject({ method: 'GET', url: `${URL_}?batch=1&input=${encodeURIComponent('{}')}` });
    expect(single.statusCode).toBe(200);
    expect(single.body).toBe(`[${route.body}]`);
    // A non-batched call with an (ignored) input is the plain answer.
    const withInput = await t.app.inject({ method: 'GET', url: `${URL_}?input=${encodeURIComponent('{}')}` });
    expect(withInput.body).toBe(route.body);
  });

  it('reads no session: a signed-in visitor gets the same answer and no cookie', async () => {
    const cookie = await sessionFor(t, await insertUser(t.handle.db));
    const anonymous = await t.app.inject({ method: 'GET', url: URL_ });
    const signedIn = await t.app.inject({ method: 'GET', url: URL_, headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: URL_ });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"/);
    expect(res.rawPayload.length).toBe(0);
  });
});
