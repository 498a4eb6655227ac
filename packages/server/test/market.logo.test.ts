import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import type { TCoin } from '@vestora/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { offlineMarketService } from '../src/test/fake-market-feed.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { LOGO_REFRESH_MS, LOGO_RETRY_MS, MAX_LOGO_BYTES, imageTypeOf } from '../src/modules/market/market.logo.ts';

/** A real (tiny) PNG: signature, IHDR, IDAT, IEND; `pad` bytes of an ancillary chunk make it as large as wanted. */
function png(pad = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(pad > 0 ? [chunk('tEXt', Buffer.alloc(pad, 0x61))] : []),
    chunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const LOGO = png();
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(18),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

type Answer = { status?: number; body: Buffer; type?: string } | 'down';

/** A stand-in for the host the feed's image URLs name: answers per path, counts the requests. */
async function startLogoHost(): Promise<{
  url: string;
  answers: Map<string, Answer>;
  hits: Map<string, number>;
  close(): Promise<void>;
}> {
  const answers = new Map<string, Answer>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers.get(path);
    if (!answer) return void res.writeHead(404).end();
    if (answer === 'down') return void req.socket.destroy();
    res.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'image/png' }).end(answer.body);
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('GET /api/market/logo/:coinId: coin logos fetched and kept by our server (#34)', () => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof startLogoHost>>;
  const clock = new ManualClock(new Date());
  let coins: TCoin[] = [];

  const coin = (id: string, image: string): TCoin => ({
    id,
    symbol: id.slice(0, 4),
    name: id,
    image,
    current_price: 1,
    price_change_percentage_24h: 0,
    total_volume: 1,
    market_cap: 1,
    last_updated: null,
  });

  beforeAll(async () => {
    host = await startLogoHost();
    const offline = offlineMarketService();
    const market = {
      ...offline,
      getCoins: async () => ({ coins, source: 'live' as const, fetchedAt: clock.now().toISOString() }),
    };
    t = await startTestApp({ clock, market, env: { MARKET_TIMEOUT_MS: '2000' } });
  });
  afterAll(async () => {
    await t?.close();
    await host?.close();
  });
  beforeEach(() => {
    host.answers.clear();
    host.hits.clear();
  });

  const logo = (coinId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/market/logo/${coinId}`, headers });

  it('serves the logo the feed names from our origin, typed from its bytes, with long cache headers', async () => {
    coins = [coin('tether', `${host.url}/tether.png`), coin('usd-coin', `${host.url}/usdc.webp`)];
    // The host calls it text/plain: the bytes say PNG.
    host.answers.set('/tether.png', { body: LOGO, type: 'text/plain' });
    host.answers.set('/usdc.webp', { body: WEBP, type: 'application/octet-stream' });
    const res = await logo('tether');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/public, max-age=86400/);
    expect(res.rawPayload.equals(LOGO)).toBe(true);
    const webp = await logo('usd-coin');
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.equals(WEBP)).toBe(true);
    // Asked again: from the database, the host is not called again; an If-None-Match gets a 304.
    const again = await logo('tether', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(host.hits.get('/tether.png')).toBe(1);
  });

  it('refuses an SVG (even labelled image/png), HTML and an oversize image: no logo, the letters show', async () => {
    coins = [
      coin('svgcoin', `${host.url}/logo.svg`),
      coin('htmlcoin', `${host.url}/page.png`),
      coin('bigcoin', `${host.url}/big.png`),
    ];
    host.answers.set('/logo.svg', { body: SVG, type: 'image/png' });
    host.answers.set('/page.png', { body: Buffer.from('<!doctype html><p>hi'), type: 'image/png' });
    const big = png(MAX_LOGO_BYTES);
    expect(imageTypeOf(big)).toBe('image/png');
    host.answers.set('/big.png', { body: big });
    for (const id of ['svgcoin', 'htmlcoin', 'bigcoin']) {
      const res = await logo(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type'], id).toMatch(/application\/json/);
      expect(res.json().err, id).toBe('There is no logo for this coin.');
    }
    const stored = await t.handle.db.selectFrom('coin_logos').select(['coin_id', 'bytes']).execute();
    expect(stored.filter((r) => ['svgcoin', 'htmlcoin', 'bigcoin'].includes(r.coin_id)).map((r) => r.bytes)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('serves the cached bytes when the host is down, asks it again only after a pause, refreshes after a week', async () => {
    coins = [coin('bitcoin', `${host.url}/btc.png`)];
    host.answers.set('/btc.png', { body: LOGO });
    expect((await logo('bitcoin')).statusCode).toBe(200);

    // A week later the logo is due again, but the host is down: the stored bytes are served.
    clock.advanceMs(LOGO_REFRESH_MS + 1);
    host.answers.set('/btc.png', 'down');
    const down = await logo('bitcoin');
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(LOGO)).toBe(true);
    expect(host.hits.get('/btc.png')).toBe(2);
    // Within the pause nobody asks the host (a page of 60 coins does not hammer it).
    await logo('bitcoin');
    expect(host.hits.get('/btc.png')).toBe(2);

    // After the pause it answers again with a new logo: that one is served from then on.
    clock.advanceMs(LOGO_RETRY_MS + 1);
    const newer = png(10);
    host.answers.set('/btc.png', { body: newer });
    const refreshed = await logo('bitcoin');
    expect(refreshed.rawPayload.equals(newer)).toBe(true);
    expect(host.hits.get('/btc.png')).toBe(3);
  });

  it('answers 404 for a coin the market does not list, or one without an image URL, without calling out', async () => {
    coins = [coin('noimage', '')];
    for (const id of ['noimage', 'no-such-coin', 'x'.repeat(201)]) {
      expect((await logo(id)).statusCode, id).toBe(404);
    }
    expect(host.hits.size).toBe(0);
  });
});
