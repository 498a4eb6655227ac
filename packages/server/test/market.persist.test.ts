import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketCache, type MarketLogger } from '../src/modules/market/market.service.ts';
import { readSnapshotFile } from '../src/modules/market/market.snapshot.ts';
import { type FakeMarketFeed, startFakeMarketFeed } from '../src/test/fake-market-feed.ts';

const START = Date.parse('2026-03-01T10:00:00.000Z');

describe('market data kept across restarts (DATA_DIR/market-cache.json)', () => {
  let feed: FakeMarketFeed;
  let dir: string;
  beforeAll(async () => {
    feed = await startFakeMarketFeed();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-market-'));
  });
  afterAll(async () => {
    await feed.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const warnings: string[] = [];
  const log: MarketLogger = { warn: (_o, msg) => warnings.push(msg), info() {}, error() {} };
  const cacheAt = (cacheFile: string, clock = { t: START }) =>
    createMarketCache({ feedUrl: feed.url, ttlMs: 120_000, timeoutMs: 2_000, now: () => clock.t, cacheFile, log });

  it('serves the saved data as stale with its real time when the feed is down after a restart', async () => {
    const file = path.join(dir, 'nested', 'market-cache.json');
    feed.behave({ kind: 'ok' });
    const first = cacheAt(file);
    const live = await first.getCoins();
    await first.settled();
    expect(fs.existsSync(file)).toBe(true);

    feed.behave({ kind: 'status', status: 500 });
    const restarted = cacheAt(file, { t: START + 3_600_000 });
    const res = await restarted.getCoins();
    expect(res.source).toBe('stale');
    expect(res.fetchedAt).toBe(live.fetchedAt);
    expect(res.coins).toEqual(live.coins);
  });

  it('serves saved data that is still within the TTL as live without calling the feed', async () => {
    const file = path.join(dir, 'fresh.json');
    feed.behave({ kind: 'ok' });
    const first = cacheAt(file);
    const live = await first.getCoins();
    await first.settled();

    const before = feed.requests;
    const restarted = cacheAt(file, { t: START + 60_000 });
    const res = await restarted.getCoins();
    expect(feed.requests).toBe(before);
    expect(res).toMatchObject({ source: 'live', fetchedAt: live.fetchedAt });
  });

  it('ignores data saved from another feed', async () => {
    const file = path.join(dir, 'other-feed.json');
    feed.behave({ kind: 'ok' });
    const first = createMarketCache({ feedUrl: feed.url, ttlMs: 120_000, timeoutMs: 2_000, cacheFile: file });
    await first.getCoins();
    await first.settled();

    const other = createMarketCache({
      feedUrl: 'http://127.0.0.1:9/',
      ttlMs: 120_000,
      timeoutMs: 2_000,
      cacheFile: file,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    expect((await other.getCoins()).source).toBe('snapshot');
  });

  it('falls back to the snapshot, with a warning, when the saved file is corrupt', async () => {
    const file = path.join(dir, 'corrupt.json');
    fs.writeFileSync(file, '{"version":1,"coins":[');
    feed.behave({ kind: 'status', status: 500 });
    warnings.length = 0;
    const res = await cacheAt(file).getCoins();
    expect(res.source).toBe('snapshot');
    expect(res.fetchedAt).toBe(readSnapshotFile().takenAt);
    expect(warnings.some((w) => /saved market data/.test(w))).toBe(true);
  });

  it('keeps serving live data when the file cannot be written', async () => {
    const blocker = path.join(dir, 'a-file');
    fs.writeFileSync(blocker, 'not a directory');
    feed.behave({ kind: 'ok' });
    warnings.length = 0;
    const market = cacheAt(path.join(blocker, 'market-cache.json'));
    expect((await market.getCoins()).source).toBe('live');
    await market.settled();
    expect(warnings.some((w) => /Could not save/.test(w))).toBe(true);
    expect((await market.getCoins()).source).toBe('live');
  });
});
