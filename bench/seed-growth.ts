/**
 * Seeds a database for the growth benchmark: N users (default 100,000), their ledger entries (default
 * 1,000,000 in all), the deposits, withdrawals and investments behind those entries (deposits and withdrawals
 * in every status, so the money desk has pending rows), and ~100,000 investments, all consistent with the
 * product's invariants: every balance is the sum of its ledger entries, every balance_after is the running
 * sum, and the platform check holds (`pnpm cli ledger:verify` passes afterwards).
 *
 * Set-based: each table is one INSERT ... SELECT over generate_series (ids are md5-derived UUIDs, so rows
 * refer to each other without a lookup table), then ANALYZE. A million entries take a minute or two.
 *
 *   pnpm exec tsx bench/seed-growth.ts [--users 100000] [--entries 1000000] [--investments 100000]
 *                                        [--heavy 5000] [--database-url postgres://…]
 *
 * Which database: --database-url, else DATABASE_URL (it must be migrated and hold no users); else a NEW
 * database is created on BENCH_DATABASE_URL / TEST_DATABASE_URL's server, migrated, seeded and kept (its URL
 * is printed). `--heavy` gives the first user that many entries (the "user with many entries" of the bench).
 */
import { parseArgs } from 'node:util';
import {
  createDb,
  migrateToLatest,
  DEFAULT_SIZES,
  type GrowthSizes,
  seedGrowth,
  vacuumAnalyze,
  createEmptyTestDatabase,
} from '@vestora/server/bench';

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      entries: { type: 'string' },
      investments: { type: 'string' },
      heavy: { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  const num = (v: string | undefined, d: number) => (v === undefined ? d : Number(v.replace(/[_,]/g, '')));
  const sizes: GrowthSizes = {
    users: num(values.users, DEFAULT_SIZES.users),
    entries: num(values.entries, DEFAULT_SIZES.entries),
    investments: num(values.investments, DEFAULT_SIZES.investments),
    heavy: num(values.heavy, DEFAULT_SIZES.heavy),
  };
  let url = values['database-url'] || process.env.DATABASE_URL;
  if (!url) {
    const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!server) throw new Error('Give --database-url, DATABASE_URL, or BENCH_DATABASE_URL / TEST_DATABASE_URL.');
    process.env.TEST_DATABASE_URL = server;
    url = (await createEmptyTestDatabase()).url;
    console.log(`Created database ${url}`);
  }
  const handle = await createDb({
    databaseUrl: url,
    pool: { max: 1, statementTimeoutMs: 0, lockTimeoutMs: 0, idleInTxTimeoutMs: 0, connectTimeoutMs: 30_000 },
  });
  try {
    await migrateToLatest(handle.db);
    console.log(`Seeding ${JSON.stringify(sizes)} into ${new URL(url).pathname.slice(1)}...`);
    const report = await seedGrowth(handle.db, sizes);
    await vacuumAnalyze(url);
    console.log(JSON.stringify(report, null, 2));
    console.log(`Done in ${(report.ms / 1000).toFixed(1)} s. Check it: DATABASE_URL=${url} pnpm cli ledger:verify`);
  } finally {
    await handle.close();
  }
}

await main();
