// Limit orders (#31): `pnpm bench orders`. The time one price tick takes to check 10,000 open orders of a coin:
// the `limit-orders` job's check (expiries, the fresh price, one range query by limit per coin, the fills of the
// orders it reaches). The orders are written straight into limit_orders (their holds are not posted: only the
// check is measured), limits spread below the price, and 20 placed through order.place; then ticks at prices that reach none and that reach 20.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  buildApp,
  callerAs,
  checkOrders,
  createTestDb,
  fundTreasuryFromCli,
  insertUser,
  liveMarket,
  loadConfig,
  ManualClock,
} from '@vestora/server/bench';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const TICKS = 30;

async function main() {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  process.env.VESTORA_TEST_DB = base ? 'pg' : 'pglite';
  if (base) process.env.TEST_DATABASE_URL = base;
  const handle = await createTestDb({ pool: { max: 10 } });
  const label = base ? `PostgreSQL (${new URL(base).host})` : 'PGlite (in memory)';
  const clock = new ManualClock('2026-12-01T10:00:00.000Z');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    APP_SECRET: 'bench-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    // A load test: the per-user limit on quotes and orders (TRADE_RATE_LIMIT_PER_MIN) is raised.
    TRADE_RATE_LIMIT_PER_MIN: '100000',
  });
  const market = liveMarket(clock, { BTC: 100_000, ETH: 4_000 });
  const app = await buildApp({ config, db: handle, clock, market, logger: false });
  await app.ready();
  try {
    await fundTreasuryFromCli(
      handle.db,
      { asset: 'BTC', amount: '1000', reason: 'bench', refId: randomUUID() },
      clock.now(),
    );
    const members = await Promise.all(Array.from({ length: 100 }, () => insertUser(handle.db, { balanceCents: 1e9 })));
    const rows = Array.from({ length: ORDERS - 20 }, (_, i) => {
      const limit = String(50_000 + (i % 30_000)); // $50,000 … $79,999: below the $100,000 price
      return {
        id: randomUUID(),
        user_id: members[i % members.length]!.id,
        side: 'buy' as const,
        asset: 'BTC',
        amount_units: null,
        amount_usd_cents: '10000',
        limit_price: limit,
        limit_text: limit,
        held_asset: 'USD',
        held_units: '10000',
        status: 'open' as const,
        expires_at: null,
        created_at: clock.now(),
        closed_at: null,
        trade_id: null,
        waiting: null,
        waiting_at: null,
      };
    });
    for (let i = 0; i < rows.length; i += 1000)
      await handle.db
        .insertInto('limit_orders')
        .values(rows.slice(i, i + 1000))
        .execute();
    // 20 placed as members do (their holds posted), at $89,990: the ones the filling tick reaches.
    for (const m of members.slice(0, 20))
      await callerAs(app.deps, m).order.place({ side: 'buy', asset: 'BTC', amountUsd: '100', limitPrice: '89990' });
    const tick = async (btc: number) => {
      market.setPrices({ BTC: btc, ETH: 4_000 });
      const t0 = performance.now();
      const r = await checkOrders(app.deps);
      return { ms: performance.now() - t0, r };
    };
    await tick(100_000); // warm-up
    const none: number[] = [];
    for (let i = 0; i < TICKS; i++) none.push((await tick(100_000 + i)).ms);
    // $89,400 with 0.6% spread and fee is about $89,940 a coin: it reaches the 20 placed at $89,990, and fills them.
    const filling = await tick(89_400);
    const sorted = [...none].sort((a, b) => a - b);
    const s = { p50: sorted[Math.floor(sorted.length / 2)]!, p99: sorted[Math.ceil(sorted.length * 0.99) - 1]! };
    console.log(`orders (${label}): ${ORDERS} open orders`);
    console.log(
      `  check per price tick, none reached: median ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms (goal < 100 ms)`,
    );
    console.log(`  a tick that fills ${filling.r.filled}: ${filling.ms.toFixed(1)} ms`);
  } finally {
    await app.close();
    await handle.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
