/**
 * market.coins under load: how fast the cache answers through the whole HTTP stack (app.inject, no
 * socket), and how many upstream calls that costs. Prints figures; asserts nothing.
 *
 *   pnpm exec tsx scripts/bench-market.ts [--requests 2000] [--concurrency 32]
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createMarketCache } from '../packages/server/src/modules/market/market.service.ts';
import { startFakeMarketFeed } from '../packages/server/src/test/fake-market-feed.ts';
import { startTestApp } from '../packages/server/src/test/harness.ts';

export interface MarketBenchFigures {
  requests: number;
  concurrency: number;
  coldMs: number;
  sequential: { perSecond: number; p50Ms: number; p99Ms: number };
  concurrent: { perSecond: number; p50Ms: number; p99Ms: number };
  serviceOnlyPerSecond: number;
  responseBytes: number;
  upstreamCalls: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summarise(latencies: number[], elapsedMs: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    perSecond: Math.round((latencies.length / elapsedMs) * 1000),
    p50Ms: Number(percentile(sorted, 50).toFixed(3)),
    p99Ms: Number(percentile(sorted, 99).toFixed(3)),
  };
}

/** Runs the benchmark on a fresh in-memory app and a local fake feed. */
export async function runMarketBench(
  opts: { requests?: number; concurrency?: number } = {},
): Promise<MarketBenchFigures> {
  const requests = opts.requests ?? 2000;
  const concurrency = opts.concurrency ?? 32;
  const feed = await startFakeMarketFeed();
  const market = createMarketCache({ feedUrl: feed.url, ttlMs: 60 * 60_000, timeoutMs: 5_000 });
  const t = await startTestApp({ market });
  try {
    const get = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/trpc/market.coins' });
      if (res.statusCode !== 200) throw new Error(`market.coins answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res;
    };

    let start = performance.now();
    const first = await get();
    const coldMs = performance.now() - start;
    for (let i = 0; i < 50; i++) await get(); // warm-up

    const seq: number[] = [];
    start = performance.now();
    for (let i = 0; i < requests; i++) {
      const s = performance.now();
      await get();
      seq.push(performance.now() - s);
    }
    const sequential = summarise(seq, performance.now() - start);

    const conc: number[] = [];
    let next = 0;
    start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          next += 1;
          const s = performance.now();
          await get();
          conc.push(performance.now() - s);
        }
      }),
    );
    const concurrent = summarise(conc, performance.now() - start);

    const serviceRuns = 100_000;
    start = performance.now();
    for (let i = 0; i < serviceRuns; i++) await market.getCoins();
    const serviceOnlyPerSecond = Math.round((serviceRuns / (performance.now() - start)) * 1000);

    return {
      requests,
      concurrency,
      coldMs: Number(coldMs.toFixed(1)),
      sequential,
      concurrent,
      serviceOnlyPerSecond,
      responseBytes: first.rawPayload.length,
      upstreamCalls: feed.requests,
    };
  } finally {
    await t.close();
    await feed.close();
  }
}

/** The figures as a few readable lines. */
export function formatMarketBench(f: MarketBenchFigures): string {
  return [
    `market.coins (${f.responseBytes} bytes, 250 coins) via app.inject, cache warm, upstream calls in total: ${f.upstreamCalls}`,
    `  first call (fake feed fetch + validation): ${f.coldMs} ms`,
    `  sequential, ${f.requests} requests: ${f.sequential.perSecond} req/s, p50 ${f.sequential.p50Ms} ms, p99 ${f.sequential.p99Ms} ms`,
    `  ${f.concurrency} concurrent, ${f.requests} requests: ${f.concurrent.perSecond} req/s, p50 ${f.concurrent.p50Ms} ms, p99 ${f.concurrent.p99Ms} ms`,
    `  service alone (getCoins from cache): ${f.serviceOnlyPerSecond} calls/s`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { requests: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '32' } },
  });
  const figures = await runMarketBench({ requests: Number(values.requests), concurrency: Number(values.concurrency) });
  console.log(formatMarketBench(figures));
}
