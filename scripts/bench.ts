/**
 * `pnpm bench`: runs every benchmark in turn, then prints all their rows in one table and keeps the run as
 * bench/results/run-<time>.json. Nothing is asserted: speed goals are read here, not enforced by tests.
 * `pnpm bench market money` runs only the benchmarks whose file names contain those words.
 * Benchmarks that need PostgreSQL use TEST_DATABASE_URL or DATABASE_URL (each creates and drops its own
 * database); without one they run on PGlite or say what they skipped.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { formatRows, machineLine, readSections, RESULTS_DIR } from './bench-report.ts';

const benches = ['bench-market.ts', 'bench-money.ts', 'bench-payouts.ts', 'bench-lighthouse.ts'];
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
