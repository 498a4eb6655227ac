/**
 * Growth figures (no asserts): `pnpm exec tsx bench/bench-growth.ts` (or `pnpm bench growth`).
 *
 * Seeds a fresh PostgreSQL database (bench/seed-growth.ts's seed) at 1,000 users (10,000 ledger entries,
 * 1,000 investments) and again at 100,000 users (1,000,000 entries, 100,000 investments), and on each measures
 * p50 / p95 of every list procedure's first page and of a deep page (the cursor followed DEEP_PAGES pages),
 * as the admin and as a user with many entries, plus user.list with a search, ledger.verify and
 * overview.admin. Rows compare the large figures with the small ones ("≤ 2 × 1k-user p95"). The EXPLAIN
 * (ANALYZE, BUFFERS) plans of the list queries at the large size go to bench/results/growth-plans.txt.
 *
 * Calls go through the tRPC caller (the path HTTP requests take after the session lookup). PostgreSQL from
 * BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL (each size gets its own database, dropped at the end).
 * Sizes: BENCH_GROWTH_USERS=1000,100000 (entries are 10 per user, investments one per user);
 * BENCH_GROWTH_REPS (calls per figure, default 200: a p95 of 40 calls is its second-slowest call, mostly noise); BENCH_GROWTH_DEEP_PAGES (default 20).
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildApp,
  loadConfig,
  createDb,
  migrateToLatest,
  callerAs,
  explainRecorded,
  growthUserId,
  recordingHandle,
  type GrowthSizes,
  seedGrowth,
  vacuumAnalyze,
  createEmptyTestDatabase,
} from '@vestora/server/bench';
import { type BenchRow, RESULTS_DIR, recordBench, summarise } from './bench-report.ts';
import { balanceCentsColumn } from '@vestora/server/bench';

const SCALES = (process.env.BENCH_GROWTH_USERS ?? '1000,100000').split(',').map((s) => Number(s.trim()));
const REPS = Number(process.env.BENCH_GROWTH_REPS ?? 200);
const DEEP_PAGES = Number(process.env.BENCH_GROWTH_DEEP_PAGES ?? 20);

const sizesFor = (users: number): GrowthSizes => ({
  users,
  entries: users * 10,
  investments: users,
  // The "user with many entries": 5,000 at a million entries, never fewer than 500.
  heavy: Math.max(500, users / 20),
});

type Caller = ReturnType<typeof callerAs>;
type Page = { items: unknown[]; nextCursor: string | null };

/** One list to measure: how to ask for a page, as whom. */
interface ListCase {
  name: string;
  as: 'admin' | 'heavy';
  page(c: Caller, cursor?: string): Promise<Page>;
}

const LISTS: ListCase[] = [
  { name: 'user.list', as: 'admin', page: (c, cursor) => c.user.list({ cursor }) },
  { name: 'user.list search "silva"', as: 'admin', page: (c, cursor) => c.user.list({ search: 'silva', cursor }) },
  {
    name: 'user.list search "member4242"',
    as: 'admin',
    page: (c, cursor) => c.user.list({ search: 'member4242', cursor }),
  },
  { name: 'deposit.list (desk: all)', as: 'admin', page: (c, cursor) => c.deposit.list({ cursor }) },
  {
    name: 'deposit.list (desk: pending)',
    as: 'admin',
    page: (c, cursor) => c.deposit.list({ status: 'pending', cursor }),
  },
  { name: 'deposit.list (own)', as: 'heavy', page: (c, cursor) => c.deposit.list({ cursor }) },
  { name: 'withdrawal.list (desk: all)', as: 'admin', page: (c, cursor) => c.withdrawal.list({ cursor }) },
  {
    name: 'withdrawal.list (desk: pending)',
    as: 'admin',
    page: (c, cursor) => c.withdrawal.list({ status: 'pending', cursor }),
  },
  { name: 'withdrawal.list (own)', as: 'heavy', page: (c, cursor) => c.withdrawal.list({ cursor }) },
  { name: 'ledger.list (admin: all)', as: 'admin', page: (c, cursor) => c.ledger.list({ cursor }) },
  {
    name: 'ledger.list (admin: adjustments)',
    as: 'admin',
    page: (c, cursor) => c.ledger.list({ kind: 'adjustment', cursor }),
  },
  { name: 'ledger.list (own, many entries)', as: 'heavy', page: (c, cursor) => c.ledger.list({ cursor }) },
  { name: 'investment.list (admin: all)', as: 'admin', page: (c, cursor) => c.investment.list({ cursor }) },
  {
    name: 'investment.list (admin: active)',
    as: 'admin',
    page: (c, cursor) => c.investment.list({ status: 'active', cursor }),
  },
  { name: 'investment.list (own)', as: 'heavy', page: (c, cursor) => c.investment.list({ cursor }) },
];

interface Figures {
  p50: number;
  p95: number;
}

/** Times `op` REPS times after 3 warm-up calls. */
async function time(op: () => Promise<unknown>, reps = REPS): Promise<Figures> {
  for (let i = 0; i < 3; i++) await op();
  const ms: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) {
    const s = performance.now();
    await op();
    ms.push(performance.now() - s);
  }
  const sum = summarise(ms, performance.now() - t0);
  return { p50: sum.p50Ms, p95: sum.p95Ms };
}

interface ScaleResult {
  sizes: GrowthSizes;
  seedSeconds: number;
  lists: Map<string, { first: Figures; deep: Figures | null; deepPage: number }>;
  verifyMs: number;
  verifyOk: boolean;
  overview: Figures;
  summary: Figures;
  portfolio: Figures;
  plans: string[];
}

async function runScale(users: number, withPlans: boolean): Promise<ScaleResult> {
  const sizes = sizesFor(users);
  const created = await createEmptyTestDatabase();
  const base = await createDb({
    databaseUrl: created.url,
    pool: { max: 10, statementTimeoutMs: 0, lockTimeoutMs: 0, idleInTxTimeoutMs: 0, connectTimeoutMs: 30_000 },
  });
  try {
    await migrateToLatest(base.db);
    console.log(`\nseeding ${JSON.stringify(sizes)}...`);
    const report = await seedGrowth(base.db, sizes, () => undefined);
    await vacuumAnalyze(created.url);
    console.log(`  seeded in ${(report.ms / 1000).toFixed(1)} s: ${JSON.stringify(report)}`);

    const rec = recordingHandle(base);
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DB_STATEMENT_TIMEOUT_MS: '60000' }),
      db: rec.handle,
      logger: false,
    });
    try {
      const db = base.db;
      const row = (id: string) =>
        db.selectFrom('users').selectAll().select(balanceCentsColumn()).where('id', '=', id).executeTakeFirstOrThrow();
      const callers = {
        admin: callerAs(app.deps, await row(growthUserId(0))),
        heavy: callerAs(app.deps, await row(growthUserId(1))),
      };
      const lists: ScaleResult['lists'] = new Map();
      const plans: string[] = [];
      for (const l of LISTS) {
        const c = callers[l.as];
        const first = await time(() => l.page(c));
        // Follow the cursor DEEP_PAGES pages (or as far as it goes), then time that page.
        let cursor: string | undefined;
        let depth = 0;
        for (; depth < DEEP_PAGES; depth++) {
          const p = await l.page(c, cursor);
          if (!p.nextCursor) break;
          cursor = p.nextCursor;
        }
        const deep = cursor ? await time(() => l.page(c, cursor)) : null;
        lists.set(l.name, { first, deep, deepPage: depth + 1 });
        console.log(
          `  ${l.name}: first p50 ${first.p50} / p95 ${first.p95} ms` +
            (deep ? `; page ${depth + 1} p50 ${deep.p50} / p95 ${deep.p95} ms` : '; one page only'),
        );
        if (withPlans) {
          for (const [label, cur] of [
            ['first page', undefined],
            [`page ${depth + 1}`, cursor],
          ] as const) {
            if (label !== 'first page' && !cur) continue;
            rec.start();
            await l.page(c, cur);
            for (const plan of await explainRecorded(base.pool!, rec.stop())) {
              plans.push(`### ${l.name}, ${label}\n${plan}`);
            }
          }
        }
      }

      // ledger.verify: the full check (median of three).
      const verifyTimes: number[] = [];
      let verifyOk = false;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const v = await callers.admin.ledger.verify();
        verifyTimes.push(performance.now() - t0);
        verifyOk = v.ok && v.platform.ok;
      }
      verifyTimes.sort((a, b) => a - b);
      const verifyMs = Math.round(verifyTimes[1]!);
      console.log(`  ledger.verify: ${verifyMs} ms (${verifyOk ? 'ok' : 'MISMATCH'})`);
      const overview = await time(() => callers.admin.overview.admin(), Math.min(REPS, 20));
      console.log(`  overview.admin: p50 ${overview.p50} / p95 ${overview.p95} ms`);
      const summary = await time(() => callers.heavy.investment.summary());
      const portfolio = await time(() => callers.heavy.investment.portfolio(), Math.min(REPS, 10));
      console.log(`  investment.summary p95 ${summary.p95} ms; investment.portfolio p95 ${portfolio.p95} ms`);
      if (withPlans) {
        rec.start();
        await callers.admin.overview.admin();
        for (const plan of await explainRecorded(base.pool!, rec.stop())) plans.push(`### overview.admin\n${plan}`);
        rec.start();
        await callers.admin.ledger.verify();
        for (const plan of await explainRecorded(base.pool!, rec.stop())) plans.push(`### ledger.verify\n${plan}`);
      }
      return {
        sizes,
        seedSeconds: report.ms / 1000,
        lists,
        verifyMs,
        verifyOk,
        overview,
        summary,
        portfolio,
        plans,
      };
    } finally {
      await app.close();
    }
  } finally {
    await base.close();
    await created.drop();
  }
}

async function main() {
  const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!server) {
    console.log('bench-growth needs PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL): skipped.');
    return;
  }
  process.env.TEST_DATABASE_URL = server;
  const [smallUsers, largeUsers] = [SCALES[0]!, SCALES[SCALES.length - 1]!];
  const small = await runScale(smallUsers, SCALES.length === 1);
  const large = SCALES.length > 1 ? await runScale(largeUsers, true) : small;
  const k = (n: number) => n.toLocaleString('en-US');
  const tag = `${k(small.sizes.users)}-user`;
  const rows: BenchRow[] = [];
  for (const l of LISTS) {
    const s = small.lists.get(l.name)!;
    const b = large.lists.get(l.name)!;
    const pair = (what: string, sf: Figures | null, lf: Figures | null, page: string) => {
      if (!sf || !lf) return;
      rows.push({
        metric: `${l.name} ${what} p95 (${k(large.sizes.users)} users${page})`,
        value: lf.p95,
        unit: 'ms',
        baseline: `${tag}: p95 ${sf.p95} ms (p50 ${sf.p50} → ${lf.p50})`,
        target: `≤ 2 × ${tag} p95`,
        met: lf.p95 <= 2 * sf.p95,
      });
    };
    pair('first page', s.first, b.first, '');
    pair('deep page', s.deep, b.deep, `, page ${b.deepPage}`);
  }
  rows.push({
    metric: `ledger.verify (${k(large.sizes.entries)} entries, ${k(large.sizes.users)} users)`,
    value: large.verifyMs,
    unit: 'ms',
    baseline: `${k(small.sizes.entries)} entries: ${small.verifyMs} ms`,
    target: '< 10,000 ms',
    met: large.verifyMs < 10_000 && large.verifyOk,
  });
  rows.push({
    metric: `overview.admin p95 (${k(large.sizes.users)} users)`,
    value: large.overview.p95,
    unit: 'ms',
    baseline: `${tag}: p95 ${small.overview.p95} ms`,
    target: '< 200 ms',
    met: large.overview.p95 < 200,
  });
  rows.push({
    metric: `investment.summary p95 (sidebar; user with ${k(large.sizes.heavy)} entries)`,
    value: large.summary.p95,
    unit: 'ms',
    baseline: `investment.portfolio (whole ledger): p95 ${large.portfolio.p95} ms`,
  });
  const notes = [
    `PostgreSQL ${new URL(server).host}; calls through the tRPC caller, one at a time; ${REPS} calls per figure after 3 warm-up calls.`,
    `Seeded ${k(small.sizes.users)} users / ${k(small.sizes.entries)} entries in ${small.seedSeconds.toFixed(1)} s` +
      (large !== small
        ? `, ${k(large.sizes.users)} users / ${k(large.sizes.entries)} entries / ${k(large.sizes.investments)} investments in ${large.seedSeconds.toFixed(1)} s.`
        : '.'),
    `Deep page: the cursor followed ${DEEP_PAGES} pages of 25. overview.admin shows the last recorded ledger check (ledger.verify records one).`,
  ];
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const planFile = path.join(RESULTS_DIR, 'growth-plans.txt');
  fs.writeFileSync(
    planFile,
    `EXPLAIN (ANALYZE, BUFFERS) of the queries each procedure ran at ${k(large.sizes.users)} users / ` +
      `${k(large.sizes.entries)} entries (${new Date().toISOString()})\n\n${large.plans.join('\n')}`,
  );
  notes.push(`Plans: ${path.relative(process.cwd(), planFile)}`);
  recordBench('growth', rows, notes);
}

await main();
