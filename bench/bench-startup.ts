/**
 * Start-up: how long `pnpm start` takes to serve (`/readyz` answers 200) on the embedded database, for a first
 * start on an empty DATA_DIR and for later starts of an unchanged checkout (builds skipped, data migrated).
 *
 *   pnpm exec tsx bench/bench-startup.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type BenchRow, recordBench } from './bench-report.ts';
import { waitForHttp } from './bench-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 38_400;
const RUNS = 3;

// Whatever the checkout holds is built first, so the starts below measure an unchanged checkout.
const built = spawnSync('pnpm', ['build'], { cwd: ROOT, stdio: 'inherit' });
if (built.status !== 0) throw new Error('pnpm build failed');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-bench-startup-'));

async function timedStart(): Promise<number> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    MARKET_FEED_URL: 'http://127.0.0.1:9',
  };
  delete env.DATABASE_URL;
  // Its own process group, so the stop below reaches node under pnpm and tsx.
  const child = spawn('pnpm', ['start'], { cwd: ROOT, env, stdio: 'ignore', detached: true });
  try {
    await waitForHttp(`http://127.0.0.1:${PORT}/readyz`, 60_000);
    return performance.now() - started;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // The embedded database's lock is released as the server exits.
    await new Promise((r) => setTimeout(r, 300));
  }
}

try {
  const first = await timedStart();
  const later: number[] = [];
  for (let i = 0; i < RUNS; i++) later.push(await timedStart());
  const sorted = [...later].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const s = (ms: number) => Number((ms / 1000).toFixed(2));
  const rows: BenchRow[] = [
    { metric: 'pnpm start, first start (empty DATA_DIR: migrate, seed)', value: s(first), unit: 's' },
    {
      metric: 'pnpm start, later start of an unchanged checkout',
      value: s(median),
      unit: `s (median of ${RUNS}: ${later.map((ms) => s(ms)).join(', ')})`,
      baseline: 'before: about 35 s (the web app built at every start)',
      target: '≤ 5 s',
      met: median <= 5000,
    },
  ];
  recordBench('startup', rows, ['embedded PGlite, builds skipped (inputs unchanged), until /readyz answers 200']);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
