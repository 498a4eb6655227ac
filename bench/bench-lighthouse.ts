/**
 * Lighthouse on the public pages, the way a visitor's phone meets them: the real server (`main.ts` in a child
 * process, the built web app, embedded PGlite in a throwaway DATA_DIR, the fake market feed), Debian's Chromium,
 * Lighthouse 12's mobile profile with CPU slowdown 2× (its docs' advice for this machine's benchmark index).
 * Prints performance, accessibility, CLS, LCP, TBT and the JavaScript transferred per page; asserts nothing.
 * Without a Chromium it says so and records nothing.
 *
 *   pnpm --filter @vestora/web build && pnpm exec tsx bench/bench-lighthouse.ts [--runs 3] [--pages /,/de/,/login]
 *
 * Each page is measured `--runs` times; the row shows the median run (by performance score).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startFakeMarketFeed } from '@vestora/server/bench';
import { type BenchRow, recordBench } from './bench-report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The built web app to serve (another build, e.g. of an older commit, with WEB_DIST_DIR). */
const WEB_DIST = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(ROOT, 'packages/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Before #28 (this script on its parent commit, median of 3, load 9-11 on the machine's 2 cores): the whole page
 * hydrated, zod and every app text in the public pages' code.
 */
const BEFORE: Record<string, { performance: number; accessibility: number; cls: number; jsKB: number; tbtMs: number }> =
  {
    '/': { performance: 76, accessibility: 100, cls: 0, jsKB: 239.7, tbtMs: 1235 },
    '/de/': { performance: 71, accessibility: 96, cls: 0, jsKB: 277.7, tbtMs: 2996 },
    '/login': { performance: 78, accessibility: 100, cls: 0, jsKB: 235.6, tbtMs: 977 },
  };

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/de/,/login' },
    /** A directory to keep each run's full Lighthouse report in (JSON), for reading the audits. */
    save: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs) || 3);
const pages = values.pages.split(',').filter(Boolean);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `packages/server/src/main.ts` and waits until /readyz answers 200 (or the process dies). */
async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'packages/server/src/main.ts')], {
    cwd: path.join(ROOT, 'packages/server'),
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become ready within 60 s');
}

interface PageFigures {
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** JavaScript bytes on the wire (headers included), and the same scripts decoded. */
  scriptBytes: number;
  scriptDecodedBytes: number;
  totalBytes: number;
  failedAudits: string[];
}

async function measure(url: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        throttling: {
          rttMs: 150,
          throughputKbps: 1638.4,
          requestLatencyMs: 150 * 3.75,
          downloadThroughputKbps: 1638.4,
          uploadThroughputKbps: 750,
          cpuSlowdownMultiplier: 2,
        },
      },
    },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (values.save) {
    fs.mkdirSync(values.save, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(values.save, `lighthouse${name}`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const bytesOf = (type: string) => summary?.find((i) => i.resourceType === type)?.transferSize ?? NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; resourceSize?: number }[] })
      ?.items ?? [];
  const scriptDecodedBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.resourceSize ?? 0), 0);
  const failedAudits = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    cls: Number(num('cumulative-layout-shift').toFixed(3)),
    lcpMs: Math.round(num('largest-contentful-paint')),
    fcpMs: Math.round(num('first-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    scriptBytes: bytesOf('script'),
    scriptDecodedBytes,
    totalBytes: bytesOf('total'),
    failedAudits,
  };
}

if (!fs.existsSync(CHROMIUM)) {
  console.log(
    `bench-lighthouse: skipped (no Chromium at ${CHROMIUM}; apt-get install chromium, or set CHROMIUM_PATH).`,
  );
  process.exit(0);
}
if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.log('bench-lighthouse: skipped (the web app is not built: run `pnpm --filter @vestora/web build`).');
  process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-lighthouse-'));
const feed = await startFakeMarketFeed();
const server = await startServer({ DATA_DIR: dataDir, MARKET_FEED_URL: feed.url, WEB_DIST_DIR: WEB_DIST });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
const rows: BenchRow[] = [];
const notes: string[] = [`Lighthouse 12.2.3, mobile, simulated throttling, CPU slowdown 2×, median of ${runs} run(s)`];
try {
  // One visit first: the market cache fills from the feed, the server's code paths are warm.
  for (const page of pages) await fetch(`${server.url}${page}`).then((r) => r.text());
  await fetch(`${server.url}/trpc/market.coins`).then((r) => r.text());

  for (const page of pages) {
    const all: PageFigures[] = [];
    for (let i = 0; i < runs; i++) {
      // A loaded machine sometimes loses the trace (NO_NAVSTART): that run is taken again, twice at most.
      for (let attempt = 1; ; attempt++) {
        try {
          all.push(await measure(`${server.url}${page}`, chrome.port));
          break;
        } catch (err) {
          if (attempt === 3) throw err;
          console.log(`${page}: run ${i + 1} failed (${(err as Error).message}); again`);
        }
      }
    }
    all.sort((a, b) => a.performance - b.performance);
    const f = all[Math.floor(all.length / 2)]!;
    const before = BEFORE[page];
    console.log(
      `${page}: performance ${all.map((a) => a.performance).join(', ')}; median run: FCP ${f.fcpMs} ms, LCP ${f.lcpMs} ms, ` +
        `TBT ${f.tbtMs} ms, CLS ${f.cls}, JS ${f.scriptBytes} B sent (${f.scriptDecodedBytes} B decoded), ` +
        `total ${f.totalBytes} B`,
    );
    if (f.failedAudits.length) console.log(`  audits below 0.9: ${f.failedAudits.join('; ')}`);
    rows.push(
      {
        metric: `${page} performance`,
        value: f.performance,
        baseline: before ? `before: ${before.performance}` : undefined,
        target: '≥ 95',
        met: f.performance >= 95,
      },
      {
        metric: `${page} accessibility`,
        value: f.accessibility,
        baseline: before ? `before: ${before.accessibility}` : undefined,
        target: '≥ 95',
        met: f.accessibility >= 95,
      },
      {
        metric: `${page} CLS`,
        value: f.cls,
        baseline: before ? `before: ${before.cls}` : undefined,
        target: '< 0.05',
        met: f.cls < 0.05,
      },
      { metric: `${page} LCP`, value: f.lcpMs, unit: 'ms', target: '≤ 2,500 ms', met: f.lcpMs <= 2500 },
      {
        metric: `${page} TBT`,
        value: f.tbtMs,
        unit: 'ms',
        baseline: before ? `before: ${before.tbtMs} ms` : undefined,
        target: '≤ 200 ms',
        met: f.tbtMs <= 200,
      },
      {
        // Sent compressed: what goes over the wire is a fraction of the code (uncompressed it was all of it).
        metric: `${page} JavaScript transferred`,
        value: Number((f.scriptBytes / 1024).toFixed(1)),
        unit: 'KB',
        baseline: before ? `before: ${before.jsKB} KB` : undefined,
        target: `≤ 40 % of the ${(f.scriptDecodedBytes / 1024).toFixed(0)} KB decoded`,
        met: f.scriptBytes <= 0.4 * f.scriptDecodedBytes,
      },
    );
  }
} finally {
  await chrome.kill();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await feed.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
recordBench('lighthouse', rows, notes);
