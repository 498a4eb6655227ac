// Money throughput figures (no asserts): `pnpm exec tsx bench/bench-money.ts`.
// Uses PostgreSQL from BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL (a throwaway database is
// created and dropped); without one it runs on in-memory PGlite, where everything is serialized.
// Calls go through the tRPC caller, the same path HTTP requests take after the session lookup.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  buildApp,
  loadConfig,
  verifyLedger,
  callerAs,
  insertUser,
  createTestDb,
  type DbHandle,
  type TestUser,
} from '@vestora/server/bench';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const PER_CLIENT = Number(process.env.BENCH_OPS_PER_CLIENT ?? 100);
const BANK = 'PT50000201231234567890154';

/** A throwaway database: a fresh PostgreSQL database (dropped on close) or in-memory PGlite. */
async function openBenchDb(): Promise<{ handle: DbHandle; label: string }> {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  process.env.VESTORA_TEST_DB = base ? 'pg' : 'pglite';
  if (base) process.env.TEST_DATABASE_URL = base;
  const handle = await createTestDb();
  const label = base
    ? `PostgreSQL (${new URL(base).host}, pool of 10 connections)`
    : 'PGlite (in memory, one connection: concurrency is serialized)';
  return { handle, label };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `clients` loops of `perClient` calls each, all at once; reports rate and latency. */
async function scenario(
  title: string,
  clients: number,
  perClient: number,
  op: (client: number, i: number) => Promise<unknown>,
) {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const t0 = performance.now();
        try {
          await op(c, i);
        } catch {
          failures++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  console.log(
    `${title}\n  ${n} calls by ${clients} concurrent clients in ${seconds.toFixed(2)} s: ${(n / seconds).toFixed(0)} calls/s` +
      `${failures ? ` (${failures} refused)` : ''}; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies[n - 1]!.toFixed(1)} ms`,
  );
}

async function main() {
  const { handle, label } = await openBenchDb();
  // A benchmark is a load test: the per-user limit on money requests (MONEY_RATE_LIMIT_PER_MIN) is raised.
  const config = loadConfig({ LOG_LEVEL: 'silent', MONEY_RATE_LIMIT_PER_MIN: '100000' });
  const app = await buildApp({ config, db: handle, logger: false });
  try {
    console.log(
      `Vestora money benchmark on ${label}; ${os.cpus().length} CPU(s), load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const db = handle.db;
    const admin = await insertUser(db, { accountType: 'admin' });
    const users: TestUser[] = [];
    for (let c = 0; c < CLIENTS; c++) users.push(await insertUser(db, { balanceCents: 1_000_000_00 }));
    const as = (u: TestUser) => callerAs(app.deps, u);

    await scenario(`withdrawal.request, one user per client (hold + ledger entry per call)`, CLIENTS, PER_CLIENT, (c) =>
      as(users[c]!).withdrawal.request({ amount: 1, method: 'bank', details: BANK, idempotencyKey: randomUUID() }),
    );

    const hot = await insertUser(db, { balanceCents: 1_000_000_00 });
    await scenario(
      `withdrawal.request, every client on ONE user (all contend for one balance row)`,
      CLIENTS,
      PER_CLIENT,
      () => as(hot).withdrawal.request({ amount: 1, method: 'bank', details: BANK, idempotencyKey: randomUUID() }),
    );

    const keyed = await insertUser(db, { balanceCents: 1_000_000_00 });
    const sharedKeys = Array.from({ length: PER_CLIENT }, () => randomUUID());
    await scenario(
      `withdrawal.request retries, every client sends the same ${PER_CLIENT} idempotency keys`,
      CLIENTS,
      PER_CLIENT,
      (_c, i) =>
        as(keyed).withdrawal.request({ amount: 1, method: 'bank', details: BANK, idempotencyKey: sharedKeys[i]! }),
    );

    const pending = await db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', '=', 'pending')
      .orderBy('seq')
      .limit(CLIENTS * PER_CLIENT)
      .execute();
    await scenario(
      `withdrawal.review (approve/reject alternating), admins working a queue`,
      CLIENTS,
      Math.floor(pending.length / CLIENTS),
      (c, i) => {
        const w = pending[c * Math.floor(pending.length / CLIENTS) + i]!;
        return i % 2
          ? as(admin).withdrawal.review({ id: w.id, decision: 'reject', reason: 'bench' })
          : as(admin).withdrawal.review({ id: w.id, decision: 'approve', payoutReference: 'BENCH' });
      },
    );

    await scenario(
      `deposit.request + deposit.review(confirm), one user per client`,
      CLIENTS,
      Math.max(1, PER_CLIENT / 2),
      async (c) => {
        const d = await as(users[c]!).deposit.request({ amount: 5, reference: 'BENCH', idempotencyKey: randomUUID() });
        await as(admin).deposit.review({ id: d.id, decision: 'confirm' });
      },
    );

    const entries = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const t0 = performance.now();
    const v = await verifyLedger(db);
    console.log(
      `ledger.verify over ${v.checkedUsers} users and ${Number(entries.n)} entries: ${v.ok ? 'ok' : 'MISMATCH'} in ${(performance.now() - t0).toFixed(1)} ms`,
    );
  } finally {
    await app.close();
    await handle.close();
  }
}

await main();
