/**
 * A stand-in for CoinGecko's /api/v3/coins/markets, for running Vestora without network or rate limits.
 *
 *   pnpm exec tsx scripts/fake-market-feed.ts --port 4010 [--count 250] [--mode ok|500|429|garbage|hang] [--delay-ms 0]
 *   MARKET_FEED_URL=http://127.0.0.1:4010 pnpm start
 *
 * Prices move a little on every answer. Type a mode (ok, 500, 429, garbage, hang) and Enter to switch
 * while it runs, e.g. to watch the app fall back to its last good data.
 */
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { type FakeFeedBehaviour, generateFakeCoins, startFakeMarketFeed } from '@vestora/server/bench';

const MODES: Record<string, (delayMs: number) => FakeFeedBehaviour> = {
  ok: (delayMs) => ({ kind: 'ok', delayMs }),
  '500': () => ({ kind: 'status', status: 500 }),
  '429': () => ({ kind: 'rate-limited', retryAfter: '60' }),
  garbage: () => ({ kind: 'garbage' }),
  hang: () => ({ kind: 'hang' }),
};

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    count: { type: 'string', default: '250' },
    mode: { type: 'string', default: 'ok' },
    'delay-ms': { type: 'string', default: '0' },
  },
});

const port = Number(values.port);
const count = Math.min(1000, Math.max(1, Number(values.count) || 250));
const delayMs = Math.max(0, Number(values['delay-ms']) || 0);
const pick = (mode: string) => {
  const make = MODES[mode.trim()];
  if (!make) throw new Error(`Unknown mode "${mode}": use ok, 500, 429, garbage or hang.`);
  return make(delayMs);
};

let tick = 1;
const feed = await startFakeMarketFeed({
  port,
  host: values.host,
  coins: generateFakeCoins(count, tick),
  behaviour: pick(values.mode),
  onOk: (f) => {
    tick += 1;
    f.coins = generateFakeCoins(count, tick, new Date());
  },
});

console.log(`Fake market feed on ${feed.url}/api/v3/coins/markets (${count} coins, mode ${values.mode}).`);
console.log(`Run the app with MARKET_FEED_URL=${feed.url}. Type ok | 500 | 429 | garbage | hang to switch.`);

const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (!line.trim()) return;
  try {
    feed.behave(pick(line));
    console.log(`mode: ${line.trim()} (requests so far: ${feed.requests})`);
  } catch (err) {
    console.log((err as Error).message);
  }
});

const stop = async () => {
  input.close();
  await feed.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
