/**
 * market.coins under load over a real socket: the server (run as `pnpm start` runs it, compiled when built)
 * in a child process on the embedded PGlite and, when a PostgreSQL URL is given, on PostgreSQL; autocannon with
 * 100 connections for ~10 s against `GET /trpc/market.coins`, without and with `If-None-Match` (304s); a local
 * fake feed counts the upstream calls. Prints figures and records them (recordBench 'market'); asserts nothing.
 *
 *   pnpm exec tsx bench/bench-market.ts [--duration 10] [--connections 100] [--ttl 5]
 *
 * PostgreSQL from BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL (a throwaway database is created and
 * dropped); without one only PGlite is measured. The cache TTL is short (5 s) so refreshes happen under load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createEmptyTestDatabase, startFakeMarketFeed } from '@vestora/server/bench';
import { type BenchRow, recordBench } from './bench-report.ts';
import { productServerCommand } from './bench-server.ts';

const BASELINE = 'before (tRPC, no ETag): 230-307 req/s, p99 1.3-1.7 s';
const TARGET_RATE = 3_070; // 10 × 307
const TARGET_P99_MS = 100;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    ttl: { type: 'string', default: '5' },
  },
});
const durationS = Math.max(1, Number(values.duration));
const connections = Math.max(1, Number(values.connections));
const ttlS = Math.max(1, Number(values.ttl));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the real server in a child process and waits until /readyz answers. */
async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env };
  // The embedded run must not inherit a DATABASE_URL from the shell.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const server = productServerCommand();
  const child: ChildProcess = spawn(server.command, server.args, {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * GETs from `connections` clients for `seconds`: plain, gzip-accepting, or revalidating like a browser
 * (If-None-Match with the newest ETag seen: it changes with each refresh).
 */
function load(
  url: string,
  opts: { seconds: number; gzip?: boolean; revalidateFrom?: string },
): Promise<autocannon.Result> {
  let etag = opts.revalidateFrom;
  const request: autocannon.Request = {
    method: 'GET',
    path: '/trpc/market.coins',
    headers: opts.gzip ? { 'accept-encoding': 'gzip' } : {},
  };
  if (etag !== undefined) {
    request.setupRequest = (req) => ({ ...req, headers: { ...req.headers, 'if-none-match': etag! } });
    request.onResponse = (status, _body, _context, headers) => {
      const next = headers?.etag;
      if (status === 200 && typeof next === 'string') etag = next;
    };
  }
  return autocannon({ url, connections, duration: opts.seconds, requests: [request] });
}

/** CPU time (user + system) a process has used, in µs, from /proc (Linux); undefined elsewhere. */
function cpuMicros(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100); // clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

const fmt = (n: number) => Number(n.toFixed(n < 10 ? 2 : 0));

/** The rows of one load run (`cpuUs`: the server's CPU time during it). */
function rowsOf(label: string, r: autocannon.Result, cpuUs: number | undefined, expected: number): BenchRow[] {
  const rate = Math.round(r.requests.average);
  const unexpected = r.requests.total - expected;
  return [
    {
      metric: `${label}: req/s (${connections} connections, ${durationS} s)`,
      value: rate,
      unit: 'req/s',
      baseline: BASELINE,
      target: `≥ ${TARGET_RATE.toLocaleString('en-US')} req/s (10 × 307)`,
      met: rate >= TARGET_RATE && unexpected === 0 && r.errors === 0,
    },
    { metric: `${label}: p50`, value: fmt(r.latency.p50), unit: 'ms' },
    {
      metric: `${label}: p99`,
      value: fmt(r.latency.p99),
      unit: 'ms',
      baseline: BASELINE,
      target: `< ${TARGET_P99_MS} ms`,
      met: r.latency.p99 < TARGET_P99_MS,
    },
    ...(cpuUs === undefined
      ? []
      : [{ metric: `${label}: server CPU per request`, value: Math.round(cpuUs / r.requests.total), unit: 'µs' }]),
    ...(unexpected || r.errors
      ? [{ metric: `${label}: other answers / socket errors`, value: `${unexpected} / ${r.errors}` }]
      : []),
  ];
}

async function benchOne(
  dbLabel: string,
  env: Record<string, string>,
  feed: Awaited<ReturnType<typeof startFakeMarketFeed>>,
) {
  const server = await startServer({ ...env, MARKET_FEED_URL: feed.url, MARKET_CACHE_TTL_S: String(ttlS) });
  try {
    const callsBefore = feed.requests;
    const started = Date.now();
    const first = await fetch(`${server.url}/trpc/market.coins`);
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag') ?? '';
    const gz = await fetch(`${server.url}/trpc/market.coins`, { headers: { 'accept-encoding': 'gzip' } });
    await gz.arrayBuffer(); // fetch unpacks the body: its size on the wire is the header's
    const gzipBytes = Number(gz.headers.get('content-length'));
    await load(server.url, { seconds: 2 }); // warm-up (JIT), not recorded
    const measured = async (opts: { gzip?: boolean; revalidateFrom?: string }) => {
      const cpuBefore = cpuMicros(server.pid);
      const result = await load(server.url, { seconds: durationS, ...opts });
      const cpuAfter = cpuMicros(server.pid);
      return { result, cpuUs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
    };
    const plain = await measured({});
    const gzip = await measured({ gzip: true });
    const revalidate = await measured({ revalidateFrom: etag });
    const seconds = (Date.now() - started) / 1000;
    const calls = feed.requests - callsBefore;
    // One call per TTL at most: a refresh starts on the first request after each TTL ends.
    const allowed = Math.ceil(seconds / ttlS);
    const size = (n: number) => `${n.toLocaleString('en-US')} bytes`;
    const rows: BenchRow[] = [
      ...rowsOf(`${dbLabel}, 200 (${size(body.length)})`, plain.result, plain.cpuUs, plain.result['2xx']),
      ...rowsOf(`${dbLabel}, 200 gzip (${size(gzipBytes)})`, gzip.result, gzip.cpuUs, gzip.result['2xx']),
      // After each refresh the first request of a connection gets the new data (200), then 304s again.
      ...rowsOf(
        `${dbLabel}, If-None-Match → 304`,
        revalidate.result,
        revalidate.cpuUs,
        revalidate.result['2xx'] + revalidate.result['3xx'],
      ),
      {
        metric: `${dbLabel}, If-None-Match: answers 304 / 200`,
        value: `${revalidate.result['3xx'].toLocaleString('en-US')} / ${revalidate.result['2xx'].toLocaleString('en-US')}`,
      },
      {
        metric: `${dbLabel}: upstream calls in ${fmt(seconds)} s (TTL ${ttlS} s)`,
        value: calls,
        baseline: `at most one per TTL begun: ${allowed}`,
        target: 'one per TTL',
        met: calls <= allowed,
      },
    ];
    return rows;
  } finally {
    await server.stop();
  }
}

const feed = await startFakeMarketFeed();
const rows: BenchRow[] = [];
const notes = [
  `server: ${productServerCommand().label} in a child process (LOG_LEVEL ${process.env.LOG_LEVEL ?? 'info'}); ` +
    `client: autocannon in this process; fake feed: 250 coins, local`,
];
try {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-bench-market-'));
  try {
    rows.push(...(await benchOne('PGlite', { DATA_DIR: dataDir }, feed)));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (base) {
    process.env.TEST_DATABASE_URL = base;
    const database = await createEmptyTestDatabase();
    try {
      rows.push(
        ...(await benchOne(
          'PostgreSQL',
          { DATABASE_URL: database.url, APP_SECRET: 'bench-app-secret-0123456789abcdefghijklmnopqrstuvwxyz' },
          feed,
        )),
      );
    } finally {
      await database.drop();
    }
  } else {
    notes.push('PostgreSQL skipped: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to measure it too');
  }
} finally {
  await feed.close();
}
recordBench('market', rows, notes);
