// The growth seed (#11): a large, consistent database for the growth benchmark. The entry point is
// bench/seed-growth.ts; bench/bench-growth.ts seeds through it too.
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DbHandle } from '../db/create-db.ts';
import type { DB } from '../db/schema.ts';
import { seedIfEmpty } from '../db/seed.ts';
import { hashPassword } from '../lib/password.ts';

export interface GrowthSizes {
  users: number;
  entries: number;
  investments: number;
  /** Entries of the first user (part of `entries`). */
  heavy: number;
}

export const DEFAULT_SIZES: GrowthSizes = { users: 100_000, entries: 1_000_000, investments: 100_000, heavy: 5_000 };

/** The id of seeded user `n` (1…users; 0 is the admin): md5('growth-user-n') as a UUID, as the SQL makes it. */
export function growthUserId(n: number): string {
  const h = createHash('md5').update(`growth-user-${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
/** The seeded admin's email. */
export const GROWTH_ADMIN_EMAIL = 'growth-admin@example.com';

export interface SeedReport {
  users: number;
  entries: number;
  investments: number;
  deposits: Record<string, number>;
  withdrawals: Record<string, number>;
  ms: number;
}

/**
 * What each entry slot is. A user's entries run in cycles of ten slots; every prefix of a cycle keeps the
 * balance ≥ 0 (the first deposit covers the investment and the withdrawals that follow), so any number of
 * entries per user is consistent.
 *   0 deposit (confirmed)            5 principal_return if the position was redeemed, else deposit
 *   1 investment, or deposit         6 deposit
 *   2 interest (period 1), or deposit 7 withdrawal_hold (paid)
 *   3 withdrawal_hold (any status)   8 deposit
 *   4 withdrawal_release if that withdrawal was rejected or cancelled, else adjustment   9 deposit
 */
export async function seedGrowth(pool: Kysely<DB>, sizes: GrowthSizes, log = console.log): Promise<SeedReport> {
  // One connection throughout: the slots live in a temporary table.
  return pool.connection().execute((db) => seedOnOneConnection(db, sizes, log));
}

async function seedOnOneConnection(
  db: Kysely<DB>,
  sizes: GrowthSizes,
  log: (line: string) => void,
): Promise<SeedReport> {
  const started = Date.now();
  const step = async (what: string, q: { execute(db: Kysely<DB>): Promise<unknown> }) => {
    const t0 = Date.now();
    await q.execute(db);
    log(`  ${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  const existing = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) throw new Error('seed-growth needs a database without users (a fresh one).');
  await seedIfEmpty(db);
  const plan = await db
    .selectFrom('plans')
    .select(['id', 'investment_plan_name'])
    .where('investment_plan_name', '=', 'Starter')
    .executeTakeFirstOrThrow();
  const N = sizes.users;
  const heavy = Math.min(sizes.heavy, sizes.entries);
  const rest = sizes.entries - heavy;
  const base = N > 1 ? Math.floor(rest / (N - 1)) : 0;
  const extra = N > 1 ? rest % (N - 1) : 0;
  // Entry times: slot k of every user, then slot k + 1..., spread over two years in insert (seq) order.
  const span = Math.max(heavy, base + (extra > 0 ? 1 : 0), 1) * N;
  const hash = await hashPassword('growth seed password');

  // Users: 0 is the admin; names from short lists so a search finds hundreds (Smith…) or a handful.
  await step(
    `${N.toLocaleString('en-US')} users`,
    sql`insert into users (id, first_name, last_name, country, city, email, password_hash, account_type,
        referral_code, email_verified_at, created_at, updated_at)
      select md5('growth-user-' || n)::uuid,
        case when n = 0 then 'Growth' else (array['James','Mary','John','Patricia','Robert','Jennifer','Michael',
          'Linda','William','Elizabeth','David','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah',
          'Charles','Karen','Ana','Joao','Maria','Pedro','Sofia','Tiago','Ines','Rui','Marta','Nuno'])[1 + (n * 7) % 30] end,
        case when n = 0 then 'Admin' else (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller',
          'Davis','Rodriguez','Martinez','Silva','Santos','Ferreira','Pereira','Oliveira','Costa','Rodrigues',
          'Martins','Jesus','Sousa','Fernandes','Goncalves','Gomes','Lopes','Marques','Alves','Almeida','Ribeiro',
          'Pinto','Carvalho','Teixeira','Moreira','Correia','Mendes','Nunes','Soares','Vieira','Monteiro','Cardoso',
          'Rocha'])[1 + (n * 13 + n / 40) % 40] end,
        'Portugal', 'Lisbon',
        case when n = 0 then ${GROWTH_ADMIN_EMAIL} else 'member' || n || '@growth.example' end,
        ${hash}, case when n = 0 then 'admin' else 'user' end,
        'G' || upper(substr(md5('code' || n), 1, 9)), now(),
        now() - interval '800 days' + n * interval '1 second', now() - interval '800 days' + n * interval '1 second'
      from generate_series(0, ${N}) n`,
  );

  // Every entry slot, with what it is and its amount, in one temporary table (dropped at the end).
  await step(
    'entry slots',
    sql`create temp table growth_slots as
      with per_user as (
        select u, case when u = 1 then ${heavy} else ${base} + (case when u - 2 < ${extra} then 1 else 0 end) end as e
        from generate_series(1, ${N}) u
      ), raw as (
        select p.u, p.e, k, k / 10 as c, k % 10 as s from per_user p cross join lateral generate_series(0, p.e - 1) k
      ), shaped as (
        select r.*,
          -- The position of cycle c, when there is one: investments go to cycle 0 of every user, then cycle 1...
          (r.c * ${N} + r.u - 1 < ${sizes.investments} and r.e > r.c * 10 + 1) as investing,
          r.e > r.c * 10 + 2 as interest_paid,
          r.e > r.c * 10 + 5 and r.u % 10 = 0 as redeemed,
          -- The first withdrawal's status: released ones need slot 4, so near the end it is paid or pending.
          case
            when (r.u * 7919 + r.c * 104729) % 100 < 50 then 'paid'
            when (r.u * 7919 + r.c * 104729) % 100 < 70 or r.e <= r.c * 10 + 4 then 'pending'
            when (r.u * 7919 + r.c * 104729) % 100 < 85 then 'rejected'
            else 'cancelled' end as w1_status,
          10000 + (r.u * 13 + r.c * 7) % 89900 as principal,
          5000 + (r.u * 11 + r.c) % 10000 as w1,
          2000 + (r.u * 3 + r.c) % 3000 as w2
        from raw r
      )
      select u, k, c, s, principal, w1_status, redeemed, interest_paid,
        case
          when s = 1 and investing then 'investment'
          when s = 2 and investing then 'interest'
          when s = 3 then 'withdrawal_hold'
          when s = 4 and w1_status in ('rejected', 'cancelled') then 'withdrawal_release'
          when s = 4 then 'adjustment'
          when s = 5 and investing and redeemed then 'principal_return'
          when s = 7 then 'withdrawal_hold'
          else 'deposit' end as kind,
        case
          when s = 0 then 120000 + (u * 31 + c) % 30000
          when s = 1 and investing then -principal
          when s = 2 and investing then principal * 500 / 120000
          when s = 3 then -w1
          when s = 4 and w1_status in ('rejected', 'cancelled') then w1
          when s = 4 then 100 + (u + c) % 900
          when s = 5 and investing and redeemed then principal
          when s = 7 then -w2
          else 2000 + (u * 17 + k * 29) % 30000 end::bigint as amount,
        -- The row each entry refers to.
        case
          when s in (1, 2, 5) and investing and (s <> 5 or redeemed) then md5('inv-' || u || '-' || c)::uuid
          when s in (3, 4) and (s = 3 or w1_status in ('rejected', 'cancelled')) then md5('wd-' || u || '-' || c || '-1')::uuid
          when s = 7 then md5('wd-' || u || '-' || c || '-2')::uuid
          when s = 4 then md5('adj-' || u || '-' || c)::uuid
          else md5('dep-' || u || '-' || k)::uuid end as ref_id,
        now() - interval '730 days' + ((k::float8 * ${N} + u) / ${span}::float8) * interval '729 days' as at
      from shaped`,
  );
  await step('index slots', sql`create index on growth_slots (u, k)`);

  const admin = sql`md5('growth-user-0')::uuid`;
  await step(
    'confirmed deposits',
    sql`insert into deposits (id, user_id, amount_cents, reference, status, reviewed_by, idempotency_key, created_at, reviewed_at)
      select ref_id, md5('growth-user-' || u)::uuid, amount, 'GROWTH-' || u || '-' || k, 'confirmed', ${admin},
        'seed-dep-' || k, at - interval '1 hour', at
      from growth_slots where kind = 'deposit' order by k, u`,
  );
  await step(
    'pending and rejected deposits',
    sql`insert into deposits (id, user_id, amount_cents, reference, status, reason, reviewed_by, idempotency_key, created_at, reviewed_at)
      select md5('dep-open-' || u)::uuid, md5('growth-user-' || u)::uuid, 5000 + u % 50000, 'GROWTH-OPEN-' || u,
        case when u % 20 = 0 then 'pending' else 'rejected' end,
        case when u % 20 = 0 then null else 'No matching transfer' end,
        case when u % 20 = 0 then null else ${admin} end, 'seed-dep-open',
        now() - (u % 1000) * interval '1 minute', case when u % 20 = 0 then null else now() end
      from generate_series(1, ${N}) u where u % 20 = 0 or u % 50 = 1 order by u`,
  );
  await step(
    'withdrawals',
    sql`insert into withdrawals (id, user_id, amount_cents, method, details, status, reason, payout_reference,
        reviewed_by, idempotency_key, created_at, reviewed_at, cancelled_at)
      select ref_id, md5('growth-user-' || u)::uuid, -amount, 'bank', 'PT50000201231234567890154', st,
        case when st = 'rejected' then 'Details do not match' end, case when st = 'paid' then 'SEPA-' || k || '-' || u end,
        case when st in ('paid', 'rejected') then ${admin} end, 'seed-wd-' || k, at,
        case when st in ('paid', 'rejected') then at + interval '1 hour' end,
        case when st = 'cancelled' then at + interval '1 hour' end
      from (select *, case when s = 3 then w1_status else 'paid' end as st from growth_slots where kind = 'withdrawal_hold') w
      order by k, u`,
  );
  // Positions: Starter terms (5% a year, monthly, 12 months); period 1 paid when its interest slot exists. They
  // started a month or so ago (so the runner has no backlog): period 2 falls due within the next 30 days.
  await step(
    'investments',
    sql`insert into investments (id, user_id, plan_id, plan_name, amount_cents, annual_rate_bps, term_months,
        payout_frequency, early_exit_allowed, status, idempotency_key, started_at, maturity_at, next_due_at,
        paid_periods, interest_paid_cents, closed_at, created_at)
      select ref_id, md5('growth-user-' || u)::uuid, ${plan.id}, ${plan.investment_plan_name}, principal, 500, 12,
        'monthly', true, case when redeemed then 'redeemed' else 'active' end, 'seed-inv-' || c, st, st + interval '12 months',
        case when redeemed then null when interest_paid then st + interval '2 months' else st + interval '1 month' end,
        case when interest_paid then 1 else 0 end, case when interest_paid then principal * 500 / 120000 else 0 end,
        case when redeemed then now() - interval '1 day' end, st
      from (select *, date_trunc('second', now()) - interval '1 month' - ((u * 7 + c) % 25) * interval '1 day'
        - interval '1 hour' as st from growth_slots where kind = 'investment') i
      order by k, u`,
  );
  await step(
    'payouts',
    sql`insert into investment_payouts (investment_id, period, due_at, interest_cents, principal_cents, paid_at)
      select i.id, 1, i.started_at + interval '1 month', i.interest_paid_cents, 0, i.started_at + interval '1 month'
      from investments i where i.paid_periods = 1`,
  );
  await step(
    'plan principal',
    sql`update plans p set invested_cents = coalesce((select sum(amount_cents) from investments i
      where i.plan_id = p.id and i.status = 'active'), 0)`,
  );
  // The journal, written in bulk: its triggers (one balance update per posting) are off for this connection
  // and the balances are set from the postings at the end, as the posting trigger would have left them.
  await step('journal triggers off', sql`set session_replication_role = replica`);
  const platformAccount = (kind: string) => sql`md5('vestora:platform:' || ${kind} || ':USD')::uuid`;
  await step(
    `${sizes.entries.toLocaleString('en-US')} ledger movements`,
    sql`insert into ledger_movements (id, asset, kind, ref_type, ref_id, actor_id, memo, created_at)
      select md5('lm-' || u || '-' || k)::uuid, 'USD', kind,
        case kind when 'deposit' then 'deposit' when 'adjustment' then 'adjustment'
          when 'withdrawal_hold' then 'withdrawal' when 'withdrawal_release' then 'withdrawal' else 'investment' end,
        ref_id,
        case when kind in ('deposit', 'adjustment') or (kind = 'withdrawal_release' and w1_status = 'rejected')
          then ${admin} end,
        case kind when 'deposit' then 'Deposit confirmed' when 'adjustment' then 'Goodwill credit'
          when 'interest' then 'Interest from Starter, period 1 of 12' else null end,
        at
      from growth_slots order by k, u`,
  );
  // The members' lines, in time order; balance_after is the running sum of the member's entries.
  await step(
    "members' postings",
    sql`insert into ledger_postings (id, movement_id, account_id, asset, amount, balance_after)
      select md5('le-' || g.u || '-' || g.k)::uuid, md5('lm-' || g.u || '-' || g.k)::uuid, a.id, 'USD', g.amount,
        sum(g.amount) over (partition by g.u order by g.k)
      from growth_slots g
      join ledger_accounts a on a.user_id = md5('growth-user-' || g.u)::uuid and a.kind = 'available' and a.asset = 'USD'
      order by g.k, g.u`,
  );
  await step(
    'counter postings',
    sql`insert into ledger_postings (id, movement_id, account_id, asset, amount)
      select md5('lc-' || g.u || '-' || g.k)::uuid, md5('lm-' || g.u || '-' || g.k)::uuid,
        case g.kind
          when 'deposit' then ${platformAccount('bank')}
          when 'adjustment' then ${platformAccount('adjustments')}
          when 'interest' then ${platformAccount('interest_expense')}
          else (select a.id from ledger_accounts a where a.user_id = md5('growth-user-' || g.u)::uuid and a.asset = 'USD'
            and a.kind = case when g.kind in ('withdrawal_hold', 'withdrawal_release') then 'withdrawal_hold' else 'invested' end)
        end, 'USD', -g.amount
      from growth_slots g order by g.k, g.u`,
  );
  await step(
    'paid withdrawals',
    sql`with paid as (
        insert into ledger_movements (id, asset, kind, ref_type, ref_id, actor_id, memo, created_at)
        select md5('lp-' || w.id)::uuid, 'USD', 'withdrawal_paid', 'withdrawal', w.id, w.reviewed_by, 'Withdrawal paid out', w.reviewed_at
        from withdrawals w where w.status = 'paid'
        returning id, ref_id
      )
      insert into ledger_postings (id, movement_id, account_id, asset, amount)
      select md5(p.id::text || leg.side)::uuid, p.id,
        case leg.side when 'hold' then (select a.id from ledger_accounts a where a.user_id = w.user_id and a.kind = 'withdrawal_hold' and a.asset = 'USD')
          else ${platformAccount('bank')} end,
        'USD', case leg.side when 'hold' then -w.amount_cents else w.amount_cents end
      from paid p join withdrawals w on w.id = p.ref_id cross join (values ('hold'), ('bank')) as leg(side)`,
  );
  await step(
    'balances',
    sql`update ledger_accounts a set balance = s.total
      from (select account_id, sum(amount) as total from ledger_postings group by account_id) s
      where s.account_id = a.id`,
  );
  await step(
    'versions',
    sql`update users u set version = s.n
      from (select a.user_id, count(*) as n from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where a.kind = 'available' group by a.user_id) s
      where s.user_id = u.id`,
  );
  await step('journal triggers on', sql`set session_replication_role = default`);
  await step('drop slots', sql`drop table growth_slots`);
  await step('analyze', sql`analyze`);

  const count = async (table: 'users' | 'ledger_entries' | 'investments') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const byStatus = async (table: 'deposits' | 'withdrawals') =>
    Object.fromEntries(
      (
        await db
          .selectFrom(table)
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute()
      ).map((r) => [r.status, Number(r.n)]),
    );
  return {
    users: await count('users'),
    entries: await count('ledger_entries'),
    investments: await count('investments'),
    deposits: await byStatus('deposits'),
    withdrawals: await byStatus('withdrawals'),
    ms: Date.now() - started,
  };
}

/** VACUUM ANALYZE (outside a transaction, on its own connection): fresh statistics and visibility map. */
export async function vacuumAnalyze(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('vacuum analyze');
  } finally {
    await c.end();
  }
}

/** A query as it went to the database: its SQL and parameters (for EXPLAIN). */
export interface RecordedQuery {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * The same database handle, with a Kysely that can record the queries it sends (between `start()` and
 * `stop()`), so a benchmark can EXPLAIN exactly what a procedure ran.
 */
export function recordingHandle(handle: DbHandle): {
  handle: DbHandle;
  start(): void;
  stop(): RecordedQuery[];
} {
  if (!handle.pool) throw new Error('recordingHandle needs PostgreSQL');
  let recorded: RecordedQuery[] | null = null;
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: handle.pool }),
    log(event) {
      if (recorded && event.level === 'query') {
        recorded.push({ sql: event.query.sql, parameters: event.query.parameters });
      }
    },
  });
  return {
    handle: { ...handle, db },
    start: () => {
      recorded = [];
    },
    stop: () => {
      const out = recorded ?? [];
      recorded = null;
      return out;
    },
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each recorded SELECT, as text (transaction control and SET are skipped; a
 * `set local jit = off` the procedure ran applies to the queries after it, as it did for the procedure).
 */
export async function explainRecorded(pool: pg.Pool, queries: readonly RecordedQuery[]): Promise<string[]> {
  const out: string[] = [];
  let jitOff = false;
  for (const q of queries) {
    if (/^\s*set local jit = off/i.test(q.sql)) jitOff = true;
    if (!/^\s*(select|with)\b/i.test(q.sql)) continue;
    const client = await pool.connect();
    try {
      await client.query('begin');
      if (jitOff) await client.query('set local jit = off');
      const r = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${q.sql}`,
        q.parameters as unknown[],
      );
      await client.query('rollback');
      out.push(
        `${q.sql}\n-- parameters: ${JSON.stringify(q.parameters)}\n${r.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`,
      );
    } finally {
      client.release();
    }
  }
  return out;
}
