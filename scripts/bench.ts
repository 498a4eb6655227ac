/**
 * `pnpm bench`: runs every benchmark in turn and prints their figures. Nothing is asserted: speed goals
 * are read here, not enforced by tests. The money benchmark uses PostgreSQL when TEST_DATABASE_URL or
 * DATABASE_URL is set (real concurrency), PGlite otherwise.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches = ['bench-market.ts', 'bench-money.ts', 'bench-payouts.ts'];
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
