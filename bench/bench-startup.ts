/**
 * Start-up (`pnpm bench startup`): how long `pnpm start` takes to serve (`/readyz` answers 200) on the embedded
 * database, in a fresh clone of this checkout's HEAD (in a temporary folder, dependencies installed from the
 * local pnpm store, not timed with the start):
 *   - the first start: builds the web app and the server, creates and migrates the database, seeds it;
 *   - later starts of the unchanged checkout (builds skipped, data kept), with `pnpm start` and through
 *     `npx -y pnpm@10 start` (what the README's two commands run), median of RUNS each.
 *
 *   pnpm exec tsx bench/bench-startup.ts        env: BENCH_STARTUP_RUNS (3), BENCH_STARTUP_REF (HEAD: another
 *   commit to measure, e.g. the one before a change, at the same load)
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type BenchRow, recordBench } from './bench-report.ts';
import { waitForHttp } from './bench-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 38_400;
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const REF = process.env.BENCH_STARTUP_REF ?? 'HEAD';

/** pnpm itself: on the PATH when installed, else the copy npx keeps (fetched once). */
function pnpmBinary(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v pnpm'], { encoding: 'utf8' }).trim();
  } catch {
    return execFileSync('npx', ['-y', '-p', 'pnpm@10', '-c', 'command -v pnpm'], { encoding: 'utf8' }).trim();
  }
}

const pnpmPath = pnpmBinary();
const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-bench-startup-'));
const dataDir = path.join(clone, '.bench-data');

/** Seconds from spawning `command` in the clone until /readyz answers; the server is stopped after. */
async function timedStart(command: string, args: string[]): Promise<number> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    MARKET_FEED_URL: 'http://127.0.0.1:9',
    // pnpm on the PATH too, for scripts that call it.
    PATH: `${path.dirname(pnpmPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  };
  delete env.DATABASE_URL;
  // Its own process group, so the stop below reaches node under pnpm.
  const child = spawn(command, args, { cwd: clone, env, stdio: 'ignore', detached: true });
  try {
    await waitForHttp(`http://127.0.0.1:${PORT}/readyz`, 600_000);
    return (performance.now() - started) / 1000;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // The embedded database's lock is released as the server exits.
    await new Promise((r) => setTimeout(r, 300));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (x: number) => Number(x.toFixed(2));

try {
  const pnpm = pnpmPath;
  execFileSync('git', ['clone', '--quiet', ROOT, clone]);
  execFileSync(
    'git',
    ['checkout', '--quiet', execFileSync('git', ['rev-parse', REF], { cwd: ROOT, encoding: 'utf8' }).trim()],
    {
      cwd: clone,
    },
  );
  const installStarted = performance.now();
  execFileSync(pnpm, ['install', '--offline', '--frozen-lockfile', '--reporter=silent'], { cwd: clone });
  const install = (performance.now() - installStarted) / 1000;

  const first = await timedStart(pnpm, ['start']);
  const later: number[] = [];
  for (let i = 0; i < RUNS; i++) later.push(await timedStart(pnpm, ['start']));
  const viaNpx: number[] = [];
  for (let i = 0; i < RUNS; i++) viaNpx.push(await timedStart('npx', ['-y', 'pnpm@10', 'start']));
  const m = median(later);
  const n = median(viaNpx);
  const rows: BenchRow[] = [
    {
      metric: 'fresh clone: pnpm install --offline (before the first start, not counted in it)',
      value: s(install),
      unit: 's',
    },
    {
      metric: 'fresh clone: first pnpm start (web and server built, database created, migrated, seeded)',
      value: s(first),
      unit: 's',
      baseline: 'before: 73 s',
      target: '≤ 30 s',
      met: first <= 30,
    },
    {
      metric: 'pnpm start, later start of the unchanged checkout',
      value: s(m),
      unit: `s (median of ${RUNS}: ${later.map(s).join(', ')})`,
      baseline: 'before: 4.2 s',
      target: '≤ 3 s',
      met: m <= 3,
    },
    {
      metric: 'npx -y pnpm@10 start, later start of the unchanged checkout',
      value: s(n),
      unit: `s (median of ${RUNS}: ${viaNpx.map(s).join(', ')}; npx adds ${s(n - m)} s)`,
      baseline: 'before: 7.4 s',
    },
  ];
  recordBench('startup', rows, [
    `a git clone of ${REF} in ${os.tmpdir()}, embedded PGlite, until /readyz answers 200; ${os.loadavg()[0]!.toFixed(1)} load at the end`,
  ]);
} finally {
  fs.rmSync(clone, { recursive: true, force: true });
}
