/**
 * API overhead: the product's HTTP paths against a bare Fastify route running the same query, side by side on
 * one PostgreSQL database in one run. Both servers are separate processes pinned to one core (taskset, when
 * there is one to spare); autocannon drives them with 10 connections from this process. For each path it
 * reports req/s, p50/p99 latency and the server's CPU time per request (utime + stime from /proc).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm exec tsx bench/bench-api.ts
 *   env: BENCH_API_SECONDS (10 per run), BENCH_API_ROUNDS (3: each path is measured this many times,
 *   interleaved, and its best round is kept), BENCH_API_CONNECTIONS (10)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  createDb,
  migrateToLatest,
  seedIfEmpty,
  createSession,
  insertUser,
  createEmptyTestDatabase,
} from '@vestora/server/bench';
import { type BenchRow, recordBench } from './bench-report.ts';
import { productServerCommand, waitForHttp } from './bench-server.ts';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
const PRODUCT_PORT = 38_100;
const BARE_PORT = 38_101;

const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!base) {
  console.log('bench-api: skipped (needs PostgreSQL: set TEST_DATABASE_URL)');
  process.exit(0);
}
process.env.TEST_DATABASE_URL = base;

interface Measured {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuUsPerRequest: number;
  non2xx: number;
}

const CLOCK_TICK_US = 1_000_000 / Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);

/** utime + stime of a process, in µs. */
function cpuUs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
}

async function measure(pid: number, url: string, headers: Record<string, string>): Promise<Measured> {
  await load(url, headers, 2); // warm-up: JIT, pool connections, caches
  const before = cpuUs(pid);
  const r = await load(url, headers, SECONDS);
  const used = cpuUs(pid) - before;
  const total = r.requests.total;
  return {
    perSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    cpuUsPerRequest: Math.round(used / Math.max(1, total)),
    non2xx: r.non2xx + r.errors + r.timeouts,
  };
}

function start(cmd: { command: string; args: string[] }, env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const pin = os.cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0;
  const out = fs.openSync(logFile, 'w');
  const child = pin
    ? spawn('taskset', ['-c', String(os.cpus().length - 1), cmd.command, ...cmd.args], {
        env,
        stdio: ['ignore', out, out],
      })
    : spawn(cmd.command, cmd.args, { env, stdio: ['ignore', out, out] });
  return child;
}

/** The pid of the node process itself (taskset execs it, so it is the child's pid). */
const pidOf = (c: ChildProcess) => c.pid!;

const created = await createEmptyTestDatabase();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-bench-api-'));
const children: ChildProcess[] = [];
try {
  const handle = await createDb({ databaseUrl: created.url });
  await migrateToLatest(handle.db);
  await seedIfEmpty(handle.db);
  const user = await insertUser(handle.db, { balanceCents: 100_000 });
  const { token } = await createSession(handle.db, user.id, new Date());
  await handle.close();
  const cookie = { cookie: `vestora_session=${token}` };

  const env = {
    ...process.env,
    DATABASE_URL: created.url,
    HOST: '127.0.0.1',
    DATA_DIR: tmp,
    NODE_ENV: 'production',
    // No network here: the market feed is not asked by these paths.
    MARKET_FEED_URL: 'http://127.0.0.1:9',
  };
  const product = start(productServerCommand(), { ...env, PORT: String(PRODUCT_PORT) }, path.join(tmp, 'product.log'));
  const bare = start(
    { command: process.execPath, args: ['--import', 'tsx', path.join(import.meta.dirname, 'bench-api-bare.ts')] },
    { ...env, PORT: String(BARE_PORT) },
    path.join(tmp, 'bare.log'),
  );
  children.push(product, bare);
  await waitForHttp(`http://127.0.0.1:${PRODUCT_PORT}/readyz`, 60_000);
  await waitForHttp(`http://127.0.0.1:${BARE_PORT}/plans`, 30_000);

  const P = `http://127.0.0.1:${PRODUCT_PORT}`;
  const B = `http://127.0.0.1:${BARE_PORT}`;
  const paths = {
    barePlans: { pid: pidOf(bare), url: `${B}/plans`, headers: {} },
    trpcPlans: { pid: pidOf(product), url: `${P}/trpc/plan.list`, headers: {} },
    restPlans: { pid: pidOf(product), url: `${P}/api/v1/investment_plan/get_all`, headers: {} },
    bareMe: { pid: pidOf(bare), url: `${B}/me`, headers: cookie },
    trpcMe: { pid: pidOf(product), url: `${P}/trpc/user.me`, headers: cookie },
  } as const;
  type Key = keyof typeof paths;
  const best = {} as Record<Key, Measured>;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const key of Object.keys(paths) as Key[]) {
      const p = paths[key];
      const m = await measure(p.pid, p.url, p.headers);
      console.log(
        `round ${round} ${key}: ${m.perSecond} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, ${m.cpuUsPerRequest} µs CPU/req, ${m.non2xx} non-2xx`,
      );
      if (!best[key] || m.perSecond > best[key].perSecond) best[key] = m;
    }
  }

  const row = (metric: string, m: Measured, bareName: string, bareM: Measured, min?: number): BenchRow[] => {
    const ratio = Number((m.perSecond / bareM.perSecond).toFixed(2));
    const cpuRatio = Number((m.cpuUsPerRequest / bareM.cpuUsPerRequest).toFixed(2));
    return [
      {
        metric: `${metric}: req/s`,
        value: m.perSecond,
        unit: `req/s (p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms${m.non2xx ? `, ${m.non2xx} non-2xx` : ''})`,
        baseline: `${bareName}: ${bareM.perSecond} req/s`,
      },
      {
        metric: `${metric}: server CPU per request`,
        value: m.cpuUsPerRequest,
        unit: 'µs',
        baseline: `${bareName}: ${bareM.cpuUsPerRequest} µs (${cpuRatio} ×)`,
      },
      {
        metric: `${metric}: throughput ÷ bare`,
        value: ratio,
        unit: '×',
        ...(min === undefined ? {} : { target: `≥ ${min}`, met: ratio >= min }),
      },
    ];
  };
  const rows: BenchRow[] = [
    {
      metric: 'bare Fastify + pg, the plan.list query',
      value: best.barePlans.perSecond,
      unit: `req/s (p50 ${best.barePlans.p50Ms} ms, p99 ${best.barePlans.p99Ms} ms, ${best.barePlans.cpuUsPerRequest} µs CPU/req)`,
    },
    {
      metric: 'bare Fastify + pg, the session lookup',
      value: best.bareMe.perSecond,
      unit: `req/s (p50 ${best.bareMe.p50Ms} ms, p99 ${best.bareMe.p99Ms} ms, ${best.bareMe.cpuUsPerRequest} µs CPU/req)`,
    },
    ...row('tRPC GET /trpc/plan.list', best.trpcPlans, 'bare', best.barePlans, 0.9),
    ...row('GET /api/v1/investment_plan/get_all', best.restPlans, 'bare', best.barePlans, 0.9),
    ...row('tRPC GET /trpc/user.me (session)', best.trpcMe, 'bare session lookup', best.bareMe, 0.8),
  ];
  recordBench('api-overhead', rows, [
    `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run after 2 s of warm-up, best of ${ROUNDS} interleaved rounds;`,
    'each server a separate process pinned to one core; PostgreSQL on this machine; product at LOG_LEVEL info.',
  ]);
} finally {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
  await created.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
