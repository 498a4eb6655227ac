/**
 * The money write path's ceiling on one PostgreSQL: `withdrawal.request` and `investment.open` per second
 * while p99 stays under 100 ms, for many users (one per client) and for one hot user (every client on the
 * same account, so every request waits for the same balance row). The server is a real child process on a
 * fresh database (as in bench-mixed); clients call it over keep-alive sockets. Concurrency doubles from 1
 * until two steps in a row have p99 >= 100 ms or failed requests (one alone may be a hiccup of a shared
 * machine); the row is the best rate of a step under the limit. PostgreSQL's side (transactions/s and rows
 * written per request) is read from pg_stat_database under load at both ends of each step, and the
 * statements each request sends are counted exactly in process beforehand. Asserts nothing.
 *
 *   pnpm exec tsx bench/bench-money-ceiling.ts [--step-seconds 5] [--max-clients 64]
 *     [--only withdrawal|investment] [--pool 10] [--pin-cpu 1]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  type Answer,
  BenchClient,
  benchPostgresUrl,
  type ChildServer,
  keepAliveAgent,
  pgCounters,
  startChildServer,
  statementsPerCall,
} from './bench-child-server.ts';
import { type BenchRow, percentile, recordBench } from './bench-report.ts';

const { values: args } = parseArgs({
  options: {
    'step-seconds': { type: 'string', default: '5' },
    'max-clients': { type: 'string', default: '64' },
    only: { type: 'string' },
    pool: { type: 'string', default: '10' },
    'pin-cpu': { type: 'string' },
  },
});
const STEP_S = Number(args['step-seconds']);
const MAX_CLIENTS = Number(args['max-clients']);
const P99_LIMIT_MS = 100;
const WARM_S = 1;
const BANK = 'PT50000201231234567890154';

interface Step {
  clients: number;
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
  /** Answers other than 200, and network errors. */
  errors: number;
  errorText: string;
  xactPerSecond: number;
  xactPerRequest: number;
  rowsPerRequest: number;
  statementsPerRequest: number | null;
  cpuMicrosPerRequest: number;
}

/** Runs `clients` closed loops of `call` for WARM_S + STEP_S seconds; figures from the last STEP_S. */
async function runStep(
  server: ChildServer,
  clients: BenchClient[],
  call: (c: BenchClient) => Promise<Answer>,
): Promise<Step> {
  const latencies: number[] = [];
  const statuses = new Map<number | 'network', number>();
  let recording = false;
  const stopAt = performance.now() + (WARM_S + STEP_S) * 1000;
  const loops = clients.map(async (c) => {
    while (performance.now() < stopAt) {
      let a: Answer | null = null;
      try {
        a = await call(c);
      } catch {
        a = null;
      }
      if (!recording) continue;
      const key = a ? a.status : 'network';
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (a) latencies.push(a.ms);
    }
  });
  await new Promise((r) => setTimeout(r, WARM_S * 1000));
  recording = true;
  const t0 = performance.now();
  const cpu0 = server.cpuMicros();
  const pg0 = await pgCounters(server);
  const pgT0 = performance.now();
  await new Promise((r) => setTimeout(r, Math.max(0, stopAt - performance.now() - 150)));
  const pg1 = await pgCounters(server);
  const pgS = (performance.now() - pgT0) / 1000;
  await Promise.all(loops);
  const elapsedS = (performance.now() - t0) / 1000;
  const cpu = server.cpuMicros() - cpu0;
  const sorted = latencies.sort((a, b) => a - b);
  const count = [...statuses.values()].reduce((s, n) => s + n, 0);
  const errors = [...statuses.entries()].filter(([k]) => k !== 200).reduce((s, [, n]) => s + n, 0);
  const perSecond = count / elapsedS;
  const reqInPg = perSecond * pgS;
  const commits = pg1.commits - pg0.commits;
  return {
    clients: clients.length,
    perSecond: Math.round(perSecond),
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
    count,
    errors,
    errorText: [...statuses.entries()]
      .filter(([k]) => k !== 200)
      .map(([k, n]) => `${k}×${n}`)
      .join(' '),
    xactPerSecond: Math.round(commits / pgS),
    xactPerRequest: Number((commits / reqInPg).toFixed(2)),
    rowsPerRequest: Number(((pg1.inserted - pg0.inserted + pg1.updated - pg0.updated) / reqInPg).toFixed(2)),
    statementsPerRequest:
      pg1.statements !== null && pg0.statements !== null
        ? Number(((pg1.statements - pg0.statements) / reqInPg).toFixed(2))
        : null,
    cpuMicrosPerRequest: Math.round(cpu / count),
  };
}

interface Scenario {
  name: string;
  key: string;
  /** The client for loop i at a given concurrency. */
  clients: (n: number) => BenchClient[];
  call: (c: BenchClient) => Promise<Answer>;
}

async function main() {
  if (!benchPostgresUrl()) {
    console.log(
      'bench-money-ceiling: skipped (needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL)',
    );
    return;
  }
  const server = await startChildServer({
    // One user per client of the widest step, plus the hot user; $10,000,000 each covers every request.
    users: MAX_CLIENTS + 1,
    admins: 0,
    balanceCents: 1_000_000_000,
    logName: 'money-ceiling',
    env: { DATABASE_POOL_MAX: args.pool! },
    pinCpu: args['pin-cpu'],
  });
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  try {
    const agent = keepAliveAgent(MAX_CLIENTS);
    // Signed in once each, a few at a time (argon2 on the server).
    const many: BenchClient[] = [];
    for (let i = 0; i < MAX_CLIENTS; i += 8) {
      const batch = server.users.slice(i, Math.min(i + 8, MAX_CLIENTS)).map(async (u) => {
        const c = new BenchClient(server.url, agent);
        await c.signIn(u.email);
        return c;
      });
      many.push(...(await Promise.all(batch)));
    }
    const hotSession = new BenchClient(server.url, agent);
    await hotSession.signIn(server.users[MAX_CLIENTS]!.email);
    // Every hot client sends the same session cookie: one account, many tabs or scripts at once.
    const hot = Array.from({ length: MAX_CLIENTS }, () => {
      const c = new BenchClient(server.url, agent);
      c.cookie = hotSession.cookie;
      return c;
    });
    const planId = server.plans.get('Starter')!;
    const withdraw = (c: BenchClient) =>
      c.mutate('withdrawal.request', { amount: 1, method: 'bank', details: BANK, idempotencyKey: randomUUID() });
    const invest = (c: BenchClient) =>
      c.mutate('investment.open', { planId, amount: 100, idempotencyKey: randomUUID() });

    const all: Scenario[] = [
      {
        name: 'withdrawal.request, one user per client',
        key: 'withdrawal.many',
        clients: (n) => many.slice(0, n),
        call: withdraw,
      },
      {
        name: 'withdrawal.request, every client on ONE user',
        key: 'withdrawal.hot',
        clients: (n) => hot.slice(0, n),
        call: withdraw,
      },
      {
        name: 'investment.open, one user per client (one plan)',
        key: 'investment.many',
        clients: (n) => many.slice(0, n),
        call: invest,
      },
      {
        name: 'investment.open, every client on ONE user',
        key: 'investment.hot',
        clients: (n) => hot.slice(0, n),
        call: invest,
      },
    ];
    // Statements per request, counted exactly in process (pg_stat_database has transactions, not statements).
    const perCall = await statementsPerCall(server, server.users[0]!.email, [
      { name: 'user.me', method: 'GET', url: '/trpc/user.me' },
      {
        name: 'withdrawal.request',
        method: 'POST',
        url: '/trpc/withdrawal.request',
        body: () => ({ amount: 1, method: 'bank', details: BANK, idempotencyKey: randomUUID() }),
      },
      {
        name: 'investment.open',
        method: 'POST',
        url: '/trpc/investment.open',
        body: () => ({ planId, amount: 100, idempotencyKey: randomUUID() }),
      },
    ]);
    for (const p of perCall)
      rows.push({
        metric: `${p.name}: statements sent to PostgreSQL per request (BEGIN/COMMIT included)`,
        value: p.statements,
      });
    console.log(`statements per request: ${perCall.map((p) => `${p.name} ${p.statements}`).join(', ')}`);

    const scenarios = all.filter((s) => !args.only || s.key.startsWith(args.only));
    // JIT, pools and plans warm before the first step (its 1 s warm-up alone left 1 client looking slow).
    await runStep(server, many.slice(0, 4), withdraw);
    await runStep(server, many.slice(0, 4), invest);

    for (const s of scenarios) {
      console.log(`\n${s.name}`);
      let best: Step | null = null;
      let over: Step | null = null;
      for (let n = 1; n <= MAX_CLIENTS; n *= 2) {
        const step = await runStep(server, s.clients(n), s.call);
        console.log(
          `  ${String(n).padStart(3)} clients: ${String(step.perSecond).padStart(5)} req/s, p50 ${step.p50} ms, p99 ${step.p99} ms` +
            `${step.errors ? `, errors ${step.errorText}` : ''}; PostgreSQL ${step.xactPerSecond} xact/s, ${step.xactPerRequest} xact and ` +
            `${step.rowsPerRequest} rows written per request${step.statementsPerRequest !== null ? `, ${step.statementsPerRequest} statements` : ''}; ` +
            `server CPU ${step.cpuMicrosPerRequest} µs/req`,
        );
        rows.push({
          metric: `${s.key} @ ${n} clients: req/s, p50 / p99 ms, errors`,
          value: `${step.perSecond}, ${step.p50} / ${step.p99}, ${step.errors ? step.errorText : 0}`,
        });
        if (step.p99 < P99_LIMIT_MS && step.errors === 0) {
          if (!best || step.perSecond > best.perSecond) best = step;
          over = null;
        } else {
          // Two steps over in a row end the ramp: one alone may be a hiccup of a shared machine.
          if (over) break;
          over = step;
        }
      }
      rows.push({
        metric: `${s.name}: most req/s with p99 < ${P99_LIMIT_MS} ms`,
        value: best ? best.perSecond : 0,
        unit: 'req/s',
        baseline:
          (best ? `at ${best.clients} clients: p50 ${best.p50} ms, p99 ${best.p99} ms` : 'over the limit at 1 client') +
          (over
            ? `; ${over.clients} clients: ${over.perSecond} req/s, p99 ${over.p99} ms${over.errors ? `, ${over.errorText}` : ''}`
            : `; still under at ${MAX_CLIENTS} clients`),
        target: `p99 < ${P99_LIMIT_MS} ms, no errors`,
      });
      if (best)
        rows.push({
          metric: `${s.key}: PostgreSQL at that rate`,
          value: `${best.xactPerSecond} xact/s; per request ${best.xactPerRequest} xact, ${best.rowsPerRequest} rows written${best.statementsPerRequest !== null ? `, ${best.statementsPerRequest} statements` : ''}; server CPU ${best.cpuMicrosPerRequest} µs`,
        });
    }
    agent.destroy();
    notes.push(
      `server: ${server.command}, DATABASE_POOL_MAX=${args.pool}, LOG_LEVEL=info, limits raised; ${STEP_S} s per step after ${WARM_S} s warm-up; clients double from 1 to ${MAX_CLIENTS}`,
      'the baseline column gives the best step and the first step over the limit; withdrawal.request $1 by bank, investment.open $100 in Starter (every position also updates the plan row)',
      'statements per request: counted in process on the same database, one call at a time; xact/s and rows from pg_stat_database, read under load at both ends of a step (they lag up to 1 s: short steps are rough)',
    );
  } finally {
    await server.stop();
  }
  recordBench('money-ceiling', rows, notes);
}

await main();
