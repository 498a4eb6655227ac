/**
 * Mixed load against ONE server instance on PostgreSQL (a real child process, a fresh database, real sockets):
 * visitors browse, users sign in once and then deposit, withdraw, invest and read their books, admins work the
 * money desk. Closed loop, no think time: every client sends its next request when the last one is answered,
 * so the figures are the instance at saturation on this machine. Prints per procedure count, p50, p99 and
 * statuses; throughput; server CPU per request; PostgreSQL transactions; asserts nothing.
 *
 *   pnpm exec tsx bench/bench-mixed.ts [--seconds 60] [--warmup 5] [--visitors 16] [--users 12] [--admins 4]
 *                                        [--seed-users 200] [--pin-cpu 1]
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL; a database is created and dropped)
 * and, for the home page row, the built web app (`pnpm build`). The server runs `packages/server/dist/main.js`
 * when it exists, else `src/main.ts` through tsx.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  type Answer,
  BenchClient,
  benchPostgresUrl,
  type ChildServer,
  dataOf,
  keepAliveAgent,
  type PgCounters,
  pgCounters,
  startChildServer,
  webAppBuilt,
} from './bench-child-server.ts';
import { type BenchRow, percentile, recordBench } from './bench-report.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    visitors: { type: 'string', default: '16' },
    users: { type: 'string', default: '12' },
    admins: { type: 'string', default: '4' },
    'seed-users': { type: 'string', default: '200' },
    'pin-cpu': { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const WARMUP_S = Number(args.warmup);
const VISITORS = Number(args.visitors);
const USERS = Number(args.users);
const ADMINS = Number(args.admins);
const SEED_USERS = Math.max(USERS, Number(args['seed-users']));
const BANK = 'PT50000201231234567890154';

/** What each kind of client does, with weights (out of 100 per role): the proportions the figures are for. */
const MIX = {
  visitor: [
    ['plan.list', 30],
    ['market.coins', 30],
    ['overview.home', 20],
    ['GET / (home page HTML)', 20],
  ],
  user: [
    ['user.me', 20],
    ['ledger.list', 15],
    ['investment.list', 15],
    ['investment.quote', 10],
    ['deposit.request', 10],
    ['withdrawal.request', 10],
    ['investment.open', 10],
    ['plan.list', 10],
  ],
  admin: [
    ['deposit.list (pending)', 25],
    ['withdrawal.list (pending)', 25],
    ['deposit.review (confirm)', 20],
    ['withdrawal.review (approve)', 20],
    ['user.list', 10],
  ],
} as const satisfies Record<string, readonly (readonly [string, number])[]>;

/**
 * Answers that are part of the product working as designed under this load, by step: two admins picking the
 * same pending request from the desk (the second gets 409, "no longer pending").
 */
const EXPECTED_4XX: Record<string, readonly number[]> = {
  'deposit.review (confirm)': [409],
  'withdrawal.review (approve)': [409],
};

interface Tally {
  latencies: number[];
  statuses: Map<number, number>;
  /** Network errors (no HTTP answer). */
  failures: number;
}

const tallies = new Map<string, Tally>();
let recording = false;

function note(step: string, a: Answer | null) {
  if (!recording) return;
  let t = tallies.get(step);
  if (!t) tallies.set(step, (t = { latencies: [], statuses: new Map(), failures: 0 }));
  if (!a) {
    t.failures++;
    return;
  }
  t.latencies.push(a.ms);
  t.statuses.set(a.status, (t.statuses.get(a.status) ?? 0) + 1);
}

/** Picks a step by weight. */
function pick<T extends readonly (readonly [string, number])[]>(mix: T): T[number][0] {
  let r = Math.random() * mix.reduce((s, [, w]) => s + w, 0);
  for (const [step, w] of mix) {
    r -= w;
    if (r < 0) return step;
  }
  return mix[mix.length - 1]![0];
}

async function timed(step: string, call: () => Promise<Answer>): Promise<Answer | null> {
  try {
    const a = await call();
    note(step, a);
    return a;
  } catch {
    note(step, null);
    return null;
  }
}

async function visitorStep(c: BenchClient, withHtml: boolean) {
  let step = pick(MIX.visitor);
  if (step === 'GET / (home page HTML)' && !withHtml) step = 'plan.list';
  switch (step) {
    case 'plan.list':
      return timed(step, () => c.query('plan.list'));
    case 'market.coins':
      return timed(step, () => c.query('market.coins'));
    case 'overview.home':
      return timed(step, () => c.query('overview.home'));
    case 'GET / (home page HTML)':
      return timed(step, () => c.request('GET', '/', undefined, 'text/html'));
  }
}

async function userStep(c: BenchClient, planId: string) {
  const step = pick(MIX.user);
  switch (step) {
    case 'user.me':
    case 'plan.list':
      return timed(step, () => c.query(step));
    case 'ledger.list':
    case 'investment.list':
      return timed(step, () => c.query(step, { limit: 25 }));
    case 'investment.quote':
      return timed(step, () => c.query(step, { planId, amount: 250 }));
    case 'deposit.request':
      return timed(step, () =>
        c.mutate(step, { amount: 50, reference: `BENCH-${randomUUID().slice(0, 8)}`, idempotencyKey: randomUUID() }),
      );
    case 'withdrawal.request':
      return timed(step, () =>
        c.mutate(step, { amount: 1, method: 'bank', details: BANK, idempotencyKey: randomUUID() }),
      );
    case 'investment.open':
      return timed(step, () => c.mutate(step, { planId, amount: 100, idempotencyKey: randomUUID() }));
  }
}

/** The id of a random row of a desk page (null when the page is empty or the list failed). */
function randomPendingId(a: Answer | null): string | null {
  if (!a || a.status !== 200) return null;
  const items = dataOf<{ items: { id: string }[] }>(a).items;
  return items.length ? items[Math.floor(Math.random() * items.length)]!.id : null;
}

async function adminStep(c: BenchClient) {
  const step = pick(MIX.admin);
  switch (step) {
    case 'deposit.list (pending)':
      return timed(step, () => c.query('deposit.list', { status: 'pending', limit: 25 }));
    case 'withdrawal.list (pending)':
      return timed(step, () => c.query('withdrawal.list', { status: 'pending', limit: 25 }));
    case 'user.list':
      return timed(step, () => c.query('user.list'));
    case 'deposit.review (confirm)': {
      // An admin opens the desk (counted as a list) and confirms one of the pending deposits on it.
      const id = randomPendingId(
        await timed('deposit.list (pending)', () => c.query('deposit.list', { status: 'pending', limit: 25 })),
      );
      return id ? timed(step, () => c.mutate('deposit.review', { id, decision: 'confirm' })) : null;
    }
    case 'withdrawal.review (approve)': {
      const id = randomPendingId(
        await timed('withdrawal.list (pending)', () => c.query('withdrawal.list', { status: 'pending', limit: 25 })),
      );
      return id
        ? timed(step, () => c.mutate('withdrawal.review', { id, decision: 'approve', payoutReference: 'BENCH' }))
        : null;
    }
  }
}

function summaryRows(elapsedS: number, cpuMicros: number, pg: { before: PgCounters; after: PgCounters; s: number }) {
  const rows: BenchRow[] = [];
  let total = 0;
  let unexpected = 0;
  const table: string[][] = [];
  for (const [step, t] of [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...t.latencies].sort((a, b) => a - b);
    const n = sorted.length + t.failures;
    total += n;
    const statuses = [...t.statuses.entries()].sort(([a], [b]) => a - b);
    const bad =
      t.failures +
      statuses
        .filter(([s]) => s >= 500 || (s >= 400 && !(EXPECTED_4XX[step] ?? []).includes(s)))
        .reduce((sum, [, k]) => sum + k, 0);
    unexpected += bad;
    const statusText =
      statuses.map(([s, k]) => `${s}×${k}`).join(' ') + (t.failures ? ` network-error×${t.failures}` : '');
    const p50 = percentile(sorted, 50).toFixed(1);
    const p99 = percentile(sorted, 99).toFixed(1);
    table.push([step, String(n), p50, p99, statusText]);
    rows.push({ metric: `${step}: p50 / p99 ms (calls; statuses)`, value: `${p50} / ${p99} (${n}; ${statusText})` });
  }
  const widths = [0, 1, 2, 3, 4].map((i) =>
    Math.max(...[['step', 'calls', 'p50 ms', 'p99 ms', 'statuses'], ...table].map((r) => r[i]!.length)),
  );
  const line = (r: string[]) =>
    r.map((s, i) => (i >= 1 && i <= 3 ? s.padStart(widths[i]!) : s.padEnd(widths[i]!))).join('  ');
  console.log(`\n${line(['step', 'calls', 'p50 ms', 'p99 ms', 'statuses'])}\n${table.map(line).join('\n')}`);

  rows.push({ metric: 'throughput, all steps', value: Math.round(total / elapsedS), unit: 'req/s' });
  rows.push({ metric: 'server CPU per request', value: Math.round(cpuMicros / total), unit: 'µs' });
  const commits = pg.after.commits - pg.before.commits;
  rows.push({ metric: 'PostgreSQL transactions (commits)', value: Math.round(commits / pg.s), unit: 'xact/s' });
  rows.push({
    metric: 'PostgreSQL per request: transactions / rows written',
    value: `${(commits / ((total / elapsedS) * pg.s)).toFixed(2)} / ${((pg.after.inserted - pg.before.inserted + pg.after.updated - pg.before.updated) / ((total / elapsedS) * pg.s)).toFixed(2)}`,
  });
  if (pg.after.statements !== null && pg.before.statements !== null)
    rows.push({
      metric: 'PostgreSQL statements per request',
      value: Number(((pg.after.statements - pg.before.statements) / ((total / elapsedS) * pg.s)).toFixed(2)),
    });
  rows.push({
    metric: 'errors other than the expected 4xx (409 on a review two admins raced for)',
    value: unexpected,
    target: '0',
    met: unexpected === 0,
  });
  return rows;
}

async function main() {
  if (!benchPostgresUrl()) {
    console.log('bench-mixed: skipped (needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL)');
    return;
  }
  const withHtml = webAppBuilt();
  // Two admin accounts at least: a user's request is reviewed by an admin, and four eyes need a second one
  // for anything an admin owns.
  const adminAccounts = Math.max(2, Math.min(ADMINS, 4));
  const server: ChildServer = await startChildServer({
    users: SEED_USERS,
    admins: adminAccounts,
    balanceCents: 1_000_000_00,
    logName: 'mixed',
    pinCpu: args['pin-cpu'],
  });
  try {
    const planId = server.plans.get('Starter')!;
    const agent = keepAliveAgent(VISITORS + USERS + ADMINS);
    const visitors = Array.from({ length: VISITORS }, () => new BenchClient(server.url, agent));
    const users = Array.from({ length: USERS }, () => new BenchClient(server.url, agent));
    const admins = Array.from({ length: ADMINS }, () => new BenchClient(server.url, agent));

    // Sign-in once per client (argon2 on the server: counted as its own row, before the timed window).
    recording = true;
    await Promise.all([
      ...users.map((c, i) => timed('user.login', () => c.signIn(server.users[i]!.email))),
      ...admins.map((c, i) => timed('user.login', () => c.signIn(server.admins[i % adminAccounts]!.email))),
    ]);
    const logins = tallies.get('user.login');
    tallies.clear();
    recording = false;

    let stopAt = performance.now() + (WARMUP_S + SECONDS) * 1000;
    const loop = async (step: () => Promise<unknown>) => {
      while (performance.now() < stopAt) await step();
    };
    const runs = [
      ...visitors.map((c) => loop(() => visitorStep(c, withHtml))),
      ...users.map((c) => loop(() => userStep(c, planId))),
      ...admins.map((c) => loop(() => adminStep(c))),
    ];
    // Warm-up (JIT, pools, caches) untimed; then the window; PostgreSQL counters are read under load at both ends.
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
    recording = true;
    const cpu0 = server.cpuMicros();
    const pg0 = await pgCounters(server);
    const t0 = performance.now();
    stopAt = t0 + SECONDS * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, stopAt - performance.now() - 200)));
    const pg1 = await pgCounters(server);
    const pgSeconds = (performance.now() - t0) / 1000;
    await Promise.all(runs);
    const elapsedS = (performance.now() - t0) / 1000;
    recording = false;
    const cpu = server.cpuMicros() - cpu0;
    agent.destroy();

    console.log(
      `\nMixed load: ${VISITORS} visitors, ${USERS} signed-in users, ${ADMINS} admins (closed loop), ${elapsedS.toFixed(1)} s` +
        ` after ${WARMUP_S} s warm-up, against ${server.command} on PostgreSQL (database ${server.databaseName}, pool 10)`,
    );
    const rows = summaryRows(elapsedS, cpu, { before: pg0, after: pg1, s: pgSeconds });
    if (logins) {
      const s = [...logins.latencies].sort((a, b) => a - b);
      rows.unshift({
        metric: 'user.login once per client before the window: p50 / p99 ms (calls)',
        value: `${percentile(s, 50).toFixed(1)} / ${percentile(s, 99).toFixed(1)} (${s.length})`,
      });
    }
    const mixText = (Object.entries(MIX) as [string, readonly (readonly [string, number])[]][])
      .map(([role, m]) => `${role}: ${m.map(([s, w]) => `${s} ${w}%`).join(', ')}`)
      .join('; ');
    recordBench('mixed', rows, [
      `${VISITORS} visitors, ${USERS} users (of ${SEED_USERS} seeded, $1,000,000 each), ${ADMINS} admin sessions on ${adminAccounts} admin accounts; closed loop, no think time, ${SECONDS} s after ${WARMUP_S} s warm-up`,
      `mix: ${mixText}${withHtml ? '' : ' (web app not built: the home page HTML step is replaced by plan.list)'}`,
      'a review step first loads its desk list (counted as that list) and picks a random pending row; 409 when another admin got there first is expected',
      `server: ${server.command}, LOG_LEVEL=info, limits raised, MAX_EVENT_LOOP_DELAY_MS=0; client in the same machine`,
    ]);
  } finally {
    await server.stop();
  }
}

await main();
