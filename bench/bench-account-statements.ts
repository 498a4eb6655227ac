// Monthly account statements (#21): `pnpm bench account-statements` (or `pnpm exec tsx bench/bench-account-statements.ts`).
// Seeds BENCH_MEMBERS (default 100,000) members on a new PostgreSQL database (BENCH_DATABASE_URL /
// TEST_DATABASE_URL / DATABASE_URL; dropped afterwards), each with an opening balance from September 2026 and
// three entries in October 2026 (set-based SQL, balances consistent with the ledger), then times one instance of
// the statement job closing October (figures checked, CSV and the figures stored, rows and notices written; since
// #28 no PDF: it is drawn at the first open), how much the event loop was held meanwhile (what requests on that
// instance would wait), and a member's first and second open of the PDF.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import os from 'node:os';
import pg from 'pg';
import {
  buildApp,
  createDb,
  createEmptyTestDatabase,
  getAccountStatementFile,
  issueDueStatements,
  loadConfig,
  ManualClock,
  migrateToLatest,
  offlineMarketService,
} from '@vestora/server/bench';
import { recordBench } from './bench-report.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);

async function seed(url: string, n: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `insert into users (id, first_name, last_name, country, city, email, password_hash, account_type,
         referral_code, created_at, updated_at)
       select md5('stmt-user-' || i)::uuid, 'Member', 'Number ' || i, 'Portugal', 'Lisbon',
         'member' || i || '@statements.example', 'not-a-hash', 'user', 'S' || i,
         '2026-09-01T00:00:00Z', '2026-09-01T00:00:00Z'
       from generate_series(1, $1::int) i`,
      [n],
    );
    // Four entries per member, inserted in time order (seq agrees with created_at): movements of the journal
    // (#29), each the member's posting and the adjustments account's, written with the posting trigger off and
    // the balances set from the postings after, as the trigger would leave them.
    await c.query('set session_replication_role = replica');
    await c.query(
      `create temp table stmt_slots as
       select i, k,
         case k when 0 then 10000 + i % 5000 when 1 then 2500 when 2 then -1000 else 333 end as amount,
         case k when 0 then timestamptz '2026-09-15T00:00:00Z' when 1 then timestamptz '2026-10-05T00:00:00Z'
           when 2 then timestamptz '2026-10-12T00:00:00Z' else timestamptz '2026-10-28T00:00:00Z' end
           + (i % 86400) * interval '1 second' as at
       from generate_series(1, $1::int) i cross join generate_series(0, 3) k`,
      [n],
    );
    await c.query(
      `insert into ledger_movements (id, asset, kind, ref_type, ref_id, memo, created_at)
       select md5('stmt-lm-' || i || '-' || k)::uuid, 'USD', 'adjustment', 'adjustment',
         md5('stmt-ref-' || i || '-' || k)::uuid, 'bench', at
       from stmt_slots order by k, i`,
    );
    await c.query(
      `insert into ledger_postings (id, movement_id, account_id, asset, amount, balance_after)
       select md5('stmt-le-' || s.i || '-' || s.k)::uuid, md5('stmt-lm-' || s.i || '-' || s.k)::uuid, a.id, 'USD',
         s.amount, sum(s.amount) over (partition by s.i order by s.k)
       from stmt_slots s
       join ledger_accounts a on a.user_id = md5('stmt-user-' || s.i)::uuid and a.kind = 'available' and a.asset = 'USD'
       order by s.k, s.i`,
    );
    await c.query(
      `insert into ledger_postings (id, movement_id, account_id, asset, amount)
       select md5('stmt-lc-' || i || '-' || k)::uuid, md5('stmt-lm-' || i || '-' || k)::uuid,
         md5('vestora:platform:adjustments:USD')::uuid, 'USD', -amount
       from stmt_slots order by k, i`,
    );
    await c.query(
      `update ledger_accounts a set balance = s.total
       from (select account_id, sum(amount) as total from ledger_postings group by account_id) s
       where s.account_id = a.id`,
    );
    await c.query('set session_replication_role = default');
    await c.query('analyze');
  } finally {
    await c.end();
  }
}

async function main() {
  const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!server) {
    console.log('bench-account-statements: needs PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL): skipped');
    return;
  }
  process.env.TEST_DATABASE_URL = server;
  const target = await createEmptyTestDatabase();
  const handle = await createDb({
    databaseUrl: target.url,
    pool: { max: 10, statementTimeoutMs: 0, lockTimeoutMs: 0 },
  });
  try {
    console.log(
      `Vestora account statement benchmark on PostgreSQL (${new URL(server).host}); ${os.cpus().length} CPU(s), ` +
        `load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    await migrateToLatest(handle.db);
    const t0 = performance.now();
    await seed(target.url, MEMBERS);
    console.log(
      `seeded ${MEMBERS.toLocaleString('en-US')} members, 4 ledger entries each, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const clock = new ManualClock('2026-11-01T00:05:00Z');
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      db: handle,
      clock,
      market: offlineMarketService(),
      logger: false,
    });
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t1 = performance.now();
    const totals = await issueDueStatements(app.deps);
    const seconds = (performance.now() - t1) / 1000;
    loop.disable();
    if (totals.issued !== MEMBERS) throw new Error(`expected ${MEMBERS} statements, issued ${totals.issued}`);

    const c = new pg.Client({ connectionString: target.url });
    await c.connect();
    const { rows } = await c.query<{ figures: string; csv: string; total: string }>(
      `select avg(octet_length(figures))::int as figures, avg(octet_length(csv))::int as csv,
         pg_total_relation_size('account_statements') as total from account_statements`,
    );
    const one = (await c.query<{ id: string; user_id: string }>('select id, user_id from account_statements limit 1'))
      .rows[0]!;
    await c.end();
    const open = async () => {
      const t = performance.now();
      const file = await getAccountStatementFile(app.deps, one.user_id, { id: one.id, format: 'pdf' });
      return { ms: performance.now() - t, bytes: Buffer.from(file.contentBase64, 'base64').length };
    };
    const firstOpen = await open();
    const secondOpen = await open();
    await app.close();
    const perSecond = totals.issued / seconds;
    const ms = (ns: number) => Math.round(ns / 1e6);
    recordBench(
      'account-statements',
      [
        {
          metric: `statements issued (${MEMBERS.toLocaleString('en-US')} members, one instance)`,
          value: Number(seconds.toFixed(1)),
          unit: 's',
        },
        { metric: 'statements per second (one instance)', value: Math.round(perSecond), unit: 'statements/s' },
        {
          metric: '100,000 members at that rate',
          value: Number((100_000 / perSecond / 60).toFixed(1)),
          unit: 'min',
        },
        { metric: 'event-loop delay during the run, p99', value: ms(loop.percentile(99)), unit: 'ms' },
        { metric: 'event-loop delay during the run, max', value: ms(loop.max), unit: 'ms' },
        {
          metric: 'month close for 100,000 members at that rate',
          value: Number((100_000 / perSecond).toFixed(0)),
          unit: 's',
          target: '<= 300 s',
          met: 100_000 / perSecond <= 300,
        },
        { metric: 'first open of a statement PDF (drawn and kept)', value: Math.round(firstOpen.ms), unit: 'ms' },
        { metric: 'second open of the same PDF (kept)', value: Math.round(secondOpen.ms), unit: 'ms' },
        { metric: 'PDF size', value: firstOpen.bytes, unit: 'bytes' },
        { metric: 'stored figures (JSON) size, average', value: Number(rows[0]!.figures), unit: 'bytes' },
        { metric: 'CSV size, average', value: Number(rows[0]!.csv), unit: 'bytes' },
        {
          metric: 'account_statements table with indexes',
          value: Number((Number(rows[0]!.total) / 1024 / 1024).toFixed(1)),
          unit: 'MB',
        },
      ],
      [
        `${MEMBERS.toLocaleString('en-US')} members with 3 entries each in October 2026, issued on 1 November by one job instance`,
        'a second instance on the same database shares the batches (SKIP LOCKED); PDFs are drawn at first open (#28)',
      ],
    );
  } finally {
    await handle.close();
    await target.drop();
  }
}

await main();
