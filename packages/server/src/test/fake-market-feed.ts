import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { AppError } from '../lib/errors.ts';
import { MARKETS_PATH } from '../modules/market/market.feed.ts';
import { buildMarketReply, type MarketReply } from '../modules/market/market.reply.ts';
import type { MarketService } from '../modules/market/market.service.ts';
import { readSnapshotFile } from '../modules/market/market.snapshot.ts';

/**
 * A market service that never touches the network or the database and always serves the bundled snapshot: for
 * tests that call market.coins without caring about the feed (the authorization table, say).
 */
export function offlineMarketService(): MarketService {
  let reply: MarketReply | null = null;
  const get = () => {
    const snap = readSnapshotFile();
    return (reply ??= buildMarketReply({ coins: snap.coins, source: 'snapshot', fetchedAt: snap.takenAt }));
  };
  return {
    getReply: async () => get(),
    getCoins: async () => get().data,
    cacheAgeSeconds: () => null,
    // The fake feed's wave around the snapshot's price (no network here).
    getChart: async (coinId, days) => {
      const coin = get().data.coins.find((c) => c.id === coinId);
      if (!coin || coin.current_price === null) throw new AppError('NOT_FOUND', `No price history for "${coinId}".`);
      const { prices } = fakeMarketChart({ id: coin.id, current_price: coin.current_price }, days);
      return { coinId, days, prices: prices as [number, number][], source: 'live', fetchedAt: get().data.fetchedAt };
    },
  };
}

/** A row as the real feed sends it (more fields than we keep, like the real thing). */
export interface FakeFeedCoin {
  id: string;
  symbol: string;
  name: string;
  image: string;
  current_price: number;
  market_cap: number;
  market_cap_rank: number;
  total_volume: number;
  price_change_percentage_24h: number;
  last_updated: string;
}

/** How the fake answers the markets call. */
export type FakeFeedBehaviour =
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'rate-limited'; retryAfter?: string }
  | { kind: 'garbage' }
  | { kind: 'json'; body: unknown }
  | { kind: 'hang' };

export interface FakeMarketFeed {
  /** Base URL to use as MARKET_FEED_URL, e.g. http://127.0.0.1:40123. */
  url: string;
  /** Markets calls received so far (including held or hanging ones). */
  readonly requests: number;
  /** The query string of the last markets call. */
  readonly lastQuery: URLSearchParams | null;
  /** market_chart calls received so far, as "coinId:days". */
  readonly chartRequests: readonly string[];
  /** Logo requests received so far (`/logos/<symbol>.png`, the fake's image host). */
  readonly logoRequests: number;
  /** The coins an 'ok' answer sends. */
  coins: FakeFeedCoin[];
  behave(b: FakeFeedBehaviour): void;
  /** Holds every answer until the returned release() is called (for deterministic concurrency tests). */
  hold(): () => void;
  /** Resolves once at least n markets calls have arrived. */
  waitForRequests(n: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeFeedOptions {
  port?: number;
  host?: string;
  coins?: FakeFeedCoin[];
  behaviour?: FakeFeedBehaviour;
  /** Regenerate prices on every 'ok' answer (a moving market for manual runs). */
  onOk?: (feed: FakeMarketFeed) => void;
}

/** The path the fake serves a coin's logo at (`/logos/btc.png`): point a coin's `image` at `${url}${path}`. */
export const fakeLogoPath = (symbol: string) => `/logos/${encodeURIComponent(symbol)}.png`;

/** A valid 16x16 PNG of one colour picked from `seed` (a coin's logo as the fake's image host serves it). */
export function fakeLogoPng(seed: string): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const size = 16;
  const hash = crc32(seed);
  const rgb = [hash & 0xff, (hash >> 8) & 0xff, (hash >> 16) & 0xff];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Starts the fake CoinGecko on 127.0.0.1 (port 0 = any free port) serving /api/v3/coins/markets. */
export async function startFakeMarketFeed(opts: FakeFeedOptions = {}): Promise<FakeMarketFeed> {
  let behaviour: FakeFeedBehaviour = opts.behaviour ?? { kind: 'ok' };
  let requests = 0;
  let logoRequests = 0;
  let lastQuery: URLSearchParams | null = null;
  const chartRequests: string[] = [];
  let gate: Promise<void> | null = null;
  const waiters: { n: number; resolve: () => void }[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.feed');
    const chart = /^\/api\/v3\/coins\/([^/]+)\/market_chart$/.exec(url.pathname);
    if (chart) {
      const coinId = decodeURIComponent(chart[1]!);
      const days = Number(url.searchParams.get('days'));
      chartRequests.push(`${coinId}:${days}`);
      const coin = feed.coins.find((c) => c.id === coinId);
      if (behaviour.kind !== 'ok') respond(res, behaviour, feed);
      else if (!coin || !(days > 0) || url.searchParams.get('vs_currency') !== 'usd')
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"coin not found"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fakeMarketChart(coin, days)));
      return;
    }
    const logo = /^\/logos\/([^/]+)\.png$/.exec(url.pathname);
    if (logo) {
      logoRequests += 1;
      res.writeHead(200, { 'content-type': 'image/png' }).end(fakeLogoPng(decodeURIComponent(logo[1]!)));
      return;
    }
    if (url.pathname !== MARKETS_PATH) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    requests += 1;
    lastQuery = url.searchParams;
    for (const w of waiters.filter((w) => requests >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
    const current = behaviour;
    void (async () => {
      if (gate) await gate;
      if (current.kind === 'hang') return; // never answers; close() cuts the socket
      if (current.kind === 'ok' && current.delayMs) await new Promise((r) => setTimeout(r, current.delayMs));
      if (res.destroyed) return;
      respond(res, current, feed);
    })();
  });

  // Never close an idle kept-alive socket: after the event loop was blocked (a test that pauses the database),
  // the server's 5 s idle timer and the client's reuse of the same socket race, and the client reads ECONNRESET.
  server.keepAliveTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;

  const feed: FakeMarketFeed = {
    url: `http://${address}:${port}`,
    get requests() {
      return requests;
    },
    get lastQuery() {
      return lastQuery;
    },
    get chartRequests() {
      return chartRequests;
    },
    get logoRequests() {
      return logoRequests;
    },
    coins: opts.coins ?? generateFakeCoins(250),
    behave(b) {
      behaviour = b;
    },
    hold() {
      let release!: () => void;
      gate = new Promise<void>((r) => {
        release = r;
      });
      const held = gate;
      return () => {
        if (gate === held) gate = null;
        release();
      };
    },
    waitForRequests(n) {
      if (requests >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function respond(res: http.ServerResponse, b: FakeFeedBehaviour, f: FakeMarketFeed) {
    const json = { 'content-type': 'application/json' };
    switch (b.kind) {
      case 'ok':
        opts.onOk?.(f);
        res.writeHead(200, json).end(JSON.stringify(f.coins));
        return;
      case 'status':
        res.writeHead(b.status, json).end(b.body ?? '{"error":"Internal server error"}');
        return;
      case 'rate-limited':
        res
          .writeHead(429, { ...json, ...(b.retryAfter !== undefined ? { 'retry-after': b.retryAfter } : {}) })
          .end('{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}');
        return;
      case 'garbage':
        res.writeHead(200, json).end('[{"id":"bitcoin","name":"Bit');
        return;
      case 'json':
        res.writeHead(200, json).end(JSON.stringify(b.body));
        return;
      case 'hang':
        return;
    }
  }

  return feed;
}

const NAMED: [id: string, symbol: string, name: string, price: number, image: string][] = [
  ['bitcoin', 'btc', 'Bitcoin', 98_000, '1/large/bitcoin.png'],
  ['ethereum', 'eth', 'Ethereum', 3_400, '279/large/ethereum.png'],
  ['tether', 'usdt', 'Tether', 1, '325/large/Tether.png'],
  ['ripple', 'xrp', 'XRP', 2.3, '44/large/xrp-symbol-white-128.png'],
  ['binancecoin', 'bnb', 'BNB', 690, '825/large/bnb-icon2_2x.png'],
  ['solana', 'sol', 'Solana', 190, '4128/large/solana.png'],
  ['usd-coin', 'usdc', 'USDC', 1, '6319/large/usdc.png'],
  ['dogecoin', 'doge', 'Dogecoin', 0.32, '5/large/dogecoin.png'],
  ['cardano', 'ada', 'Cardano', 0.95, '975/large/cardano.png'],
  ['tron', 'trx', 'TRON', 0.25, '1094/large/tron-logo.png'],
];

/**
 * Deterministic fake market rows: ten familiar names, then "Test Coin N" (no image: the web shows its
 * lettered fallback); `seed` moves the prices.
 */
export function generateFakeCoins(count: number, seed = 1, at = new Date('2026-01-01T00:00:00Z')): FakeFeedCoin[] {
  let state = (seed * 2654435761) >>> 0 || 1;
  const random = () => {
    // xorshift32: reproducible, good enough for made-up prices.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  const rows: FakeFeedCoin[] = [];
  for (let i = 0; i < count; i++) {
    const named = NAMED[i];
    const n = i + 1;
    const base = named ? named[3] : Math.round((1000 / n ** 1.2) * 1e4) / 1e4 || 0.0001;
    const change = Math.round((random() * 12 - 6) * 100) / 100;
    const price = Math.round(base * (1 + change / 100) * 1e6) / 1e6;
    rows.push({
      id: named ? named[0] : `test-coin-${n}`,
      symbol: named ? named[1] : `tc${n}`,
      name: named ? named[2] : `Test Coin ${n}`,
      image: named ? `https://coin-images.coingecko.com/coins/images/${named[4]}` : '',
      current_price: price,
      market_cap: Math.round(2e12 / n ** 1.5),
      market_cap_rank: n,
      total_volume: Math.round((5e10 / n ** 1.3) * (0.5 + random())),
      price_change_percentage_24h: change,
      last_updated: at.toISOString(),
    });
  }
  return rows;
}

/**
 * A market_chart answer for one coin: a deterministic wave around its current price, one point per day (per hour
 * for a day), ending at 2026-01-01, in the feed's shape ({ prices, market_caps, total_volumes }).
 */
export function fakeMarketChart(coin: { id: string; current_price: number }, days: number) {
  const points = days <= 1 ? 25 : Math.min(days, 365) + 1;
  const end = Date.UTC(2026, 0, 1);
  const step = (days * 86_400_000) / (points - 1);
  const phase = [...coin.id].reduce((a, ch) => a + ch.charCodeAt(0), 0);
  const prices = Array.from({ length: points }, (_, i) => {
    const price = coin.current_price * (1 + 0.08 * Math.sin(i / 4 + phase) + (0.04 * i) / points);
    return [Math.round(end - (points - 1 - i) * step), Math.round(price * 1e6) / 1e6];
  });
  return { prices, market_caps: prices.map(([t]) => [t, 0]), total_volumes: prices.map(([t]) => [t, 0]) };
}
