/**
 * `pnpm bench`: runs every benchmark in turn, then prints all their rows in one table and keeps the run as
 * bench/results/run-<time>.json. Nothing is asserted: speed goals are read here, not enforced by tests.
 * `pnpm bench market money` runs only the benchmarks whose file names contain those words.
 * Benchmarks that need PostgreSQL use TEST_DATABASE_URL or DATABASE_URL (each creates and drops its own
 * database); without one they run on PGlite or say what they skipped.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { formatRows, machineLine, readSections, RESULTS_DIR } from './bench-report.ts';

const benches = [
  'bench-startup.ts',
  'bench-api.ts',
  'bench-market.ts',
  'bench-money.ts',
  'bench-payouts.ts',
  'bench-account-statements.ts',
  'bench-statement.ts',
  'bench-growth.ts',
  'bench-mixed.ts',
  'bench-money-ceiling.ts',
  'bench-lighthouse.ts',
  'bench-bitcoin.ts',
  'bench-trade.ts',
  'bench-orders.ts',
];

/** The local PostgreSQL this machine runs (trust auth), used when no database URL is given and it answers. */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL) {
  if (await answers(5432)) {
    process.env.TEST_DATABASE_URL = LOCAL_POSTGRES;
    console.log(`bench: using the local PostgreSQL (${LOCAL_POSTGRES}); set BENCH_DATABASE_URL to choose another`);
  } else console.log('bench: no PostgreSQL (set BENCH_DATABASE_URL): benchmarks that need one say so and skip');
}
const wanted = process.argv.slice(2);
const chosen = wanted.length ? benches.filter((b) => wanted.some((w) => b.includes(w))) : benches;

const startedAt = Date.now();
let failed = 0;
for (const file of chosen) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    failed++;
    console.error(`${file} exited with ${r.status ?? r.signal}`);
  }
}

const sections = readSections(startedAt);
if (sections.length) {
  const rows = sections.flatMap((s) => s.rows.map((r) => ({ ...r, section: s.section })));
  console.log(`\n=== all figures (${machineLine()}) ===`);
  console.log(formatRows(rows, true));
  const file = path.join(RESULTS_DIR, `run-${new Date(startedAt).toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ at: new Date(startedAt).toISOString(), sections }, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(process.cwd(), file)}`);
}
process.exit(failed ? 1 : 0);
