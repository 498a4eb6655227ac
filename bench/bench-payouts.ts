// Payout runner throughput (no asserts): `pnpm exec tsx bench/bench-payouts.ts`.
// Seeds BENCH_PAYOUTS (default 10,000) monthly positions opened one month ago, written with SQL but
// exactly as opening them would leave the books (an `investment` ledger entry each, balances reduced, the
// plan's invested total raised; ledger.verify must pass before timing), then times payDuePeriods paying
// every due period. Uses PostgreSQL from BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL (a
// throwaway database is created and dropped); without one it runs on in-memory PGlite.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  seedIfEmpty,
  payDuePeriods,
  addMonthsUtc,
  verifyLedger,
  seedOpenPositions,
  createTestDb,
  type DbHandle,
  loadConfig,
} from '@vestora/server/bench';

const POSITIONS = Number(process.env.BENCH_PAYOUTS ?? 10_000);
const PER_USER = 100;
const AMOUNT_CENTS = 500_00;

async function openBenchDb(): Promise<{ handle: DbHandle; label: string }> {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  process.env.VESTORA_TEST_DB = base ? 'pg' : 'pglite';
  if (base) process.env.TEST_DATABASE_URL = base;
  const handle = await createTestDb();
  return { handle, label: base ? `PostgreSQL (${new URL(base).host}, pool of 10 connections)` : 'PGlite (in memory)' };
}

function check(v: Awaited<ReturnType<typeof verifyLedger>>, when: string) {
  if (!v.ok || !v.platform.ok)
    throw new Error(
      `ledger.verify failed ${when}: ${JSON.stringify({ mismatches: v.mismatches, platform: v.platform })}`,
    );
}

async function main() {
  const { handle, label } = await openBenchDb();
  const db = handle.db;
  try {
    console.log(
      `Vestora payout runner benchmark on ${label}; ${os.cpus().length} CPU(s), load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    await seedIfEmpty(db);
    const plan = await db
      .selectFrom('plans')
      .select('id')
      .where('investment_plan_name', '=', 'Starter')
      .executeTakeFirstOrThrow();
    const startedAt = new Date('2027-01-10T10:00:00.000Z');
    // One month and a minute later: every position's first period is due.
    const now = new Date(addMonthsUtc(startedAt, 1).getTime() + 60_000);

    const t0 = performance.now();
    const { users } = await seedOpenPositions(db, {
      planId: plan.id,
      positions: POSITIONS,
      perUser: PER_USER,
      amountCents: AMOUNT_CENTS,
      startedAt,
    });
    check(await verifyLedger(db), 'after seeding');
    console.log(
      `seeded ${POSITIONS} monthly positions for ${users} users, each with one period due, in ${((performance.now() - t0) / 1000).toFixed(1)} s (ledger.verify ok)`,
    );

    const t1 = performance.now();
    const paid = await payDuePeriods(db, { now, config: loadConfig({}) });
    const ms = performance.now() - t1;
    if (paid.payments !== POSITIONS) throw new Error(`expected ${POSITIONS} payments, paid ${paid.payments}`);
    console.log(
      `payDuePeriods (one runner): ${paid.payments} payments, $${(paid.interestCents / 100).toFixed(2)} interest, ` +
        `in ${ms.toFixed(0)} ms: ${(paid.payments / (ms / 1000)).toFixed(0)} payments/s`,
    );
    const v = await verifyLedger(db);
    check(v, 'after paying');
    console.log(`ledger.verify after paying: ok, platform ${JSON.stringify(v.platform)}`);
  } finally {
    await handle.close();
  }
}

await main();
