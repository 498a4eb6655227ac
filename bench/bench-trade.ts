// Trading (#30): `pnpm bench trade`. Quote + accept pairs per second from BENCH_TRADERS members at once
// (default 16, through the app's own tRPC caller: validation, pricing, the quote's row, the fill's lock order
// and journal movements; no HTTP), with the pair's p99; then a member's portfolio (holdings: balances, FIFO over
// every trade, prices) after 1,000 trades. PostgreSQL from BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL
// when set, else in-memory PGlite (one connection: every fill waits its turn there).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  buildApp,
  callerAs,
  createTestDb,
  fundTreasuryFromCli,
  insertUser,
  liveMarket,
  loadConfig,
  ManualClock,
} from '@vestora/server/bench';
import { recordBench, summarise } from './bench-report.ts';

const TRADERS = Number(process.env.BENCH_TRADERS ?? 16);
const PAIRS = Number(process.env.BENCH_TRADE_PAIRS ?? 3_000);
const PORTFOLIO_TRADES = 1_000;

async function main() {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  process.env.VESTORA_TEST_DB = base ? 'pg' : 'pglite';
  if (base) process.env.TEST_DATABASE_URL = base;
  const handle = await createTestDb({ pool: { max: 20 } });
  const label = base ? `PostgreSQL (${new URL(base).host})` : 'PGlite (in memory)';
  const clock = new ManualClock('2026-12-01T10:00:00.000Z');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    APP_SECRET: 'bench-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    DATABASE_POOL_MAX: '20',
    // A load test: the per-user limit on quotes and orders (TRADE_RATE_LIMIT_PER_MIN) is raised.
    TRADE_RATE_LIMIT_PER_MIN: '100000',
  });
  const app = await buildApp({
    config,
    db: handle,
    clock,
    market: liveMarket(clock, { BTC: 100_000, ETH: 4_000 }),
    logger: false,
  });
  await app.ready();
  try {
    for (const [asset, amount] of [
      ['BTC', '1000'],
      ['ETH', '100000'],
      ['USD', '100000000'],
    ] as const)
      await fundTreasuryFromCli(handle.db, { asset, amount, reason: 'bench', refId: randomUUID() }, clock.now());
    const admin = await insertUser(handle.db, { accountType: 'admin' });
    for (const symbol of ['BTC', 'ETH'])
      await callerAs(app.deps, admin).asset.update({ symbol, exposureLimitUsd: '1000000000000' });
    const traders = await Promise.all(
      Array.from({ length: TRADERS }, () => insertUser(handle.db, { balanceCents: 100_000_000_00 })),
    );
    const pair = async (i: number) => {
      const c = callerAs(app.deps, traders[i % TRADERS]!);
      const input =
        i % 3 === 0
          ? ({ from: 'USD', to: 'BTC', fromAmount: '25' } as const)
          : i % 3 === 1
            ? ({ from: 'USD', to: 'ETH', toAmount: '0.01' } as const)
            : ({ from: 'USD', to: 'BTC', toAmount: '0.0002' } as const);
      const q = await c.trade.quote(input);
      await c.trade.accept({ quoteId: q.id });
    };
    // Warm up (JIT, pool connections, plans).
    await Promise.all(Array.from({ length: TRADERS * 2 }, (_, i) => pair(i)));
    const latencies: number[] = [];
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: TRADERS }, async () => {
        while (next < PAIRS) {
          const i = next++;
          const t0 = performance.now();
          await pair(i);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const s = summarise(latencies, performance.now() - start);

    // A member with 1,000 trades: buys and sells of two coins.
    const member = await insertUser(handle.db, { balanceCents: 100_000_000_00 });
    const mc = callerAs(app.deps, member);
    for (let i = 0; i < PORTFOLIO_TRADES; i++) {
      const input =
        i % 4 === 3
          ? ({ from: 'BTC', to: 'USD', fromAmount: '0.0001' } as const)
          : i % 2 === 0
            ? ({ from: 'USD', to: 'BTC', fromAmount: '30' } as const)
            : ({ from: 'USD', to: 'ETH', fromAmount: '30' } as const);
      await mc.trade.accept({ quoteId: (await mc.trade.quote(input)).id });
    }
    for (let i = 0; i < 5; i++) await mc.portfolio.holdings();
    const portfolio: number[] = [];
    const pStart = performance.now();
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await mc.portfolio.holdings();
      portfolio.push(performance.now() - t0);
    }
    const p = summarise(portfolio, performance.now() - pStart);

    recordBench(
      'trade',
      [
        {
          metric: `quote + accept pairs, ${TRADERS} members at once (${PAIRS.toLocaleString('en-US')} pairs)`,
          value: s.perSecond,
          unit: 'pairs/s',
          baseline: label,
          target: '≥ 500/s',
          met: s.perSecond >= 500,
        },
        { metric: 'quote + accept pair p50', value: s.p50Ms, unit: 'ms' },
        { metric: 'quote + accept pair p99', value: s.p99Ms, unit: 'ms', target: '< 100 ms', met: s.p99Ms < 100 },
        {
          metric: `portfolio.holdings of a member with ${PORTFOLIO_TRADES.toLocaleString('en-US')} trades, p50`,
          value: p.p50Ms,
          unit: 'ms',
          target: '< 50 ms',
          met: p.p50Ms < 50,
        },
        {
          metric: `portfolio.holdings, ${PORTFOLIO_TRADES.toLocaleString('en-US')} trades, p99`,
          value: p.p99Ms,
          unit: 'ms',
        },
      ],
      [`${label}; in-process tRPC caller, no HTTP; prices from a live in-memory market`],
    );
  } finally {
    await app.close();
    await handle.close();
  }
}

await main();
