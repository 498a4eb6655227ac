// #29: "A database made by the current release upgrades in place: every balance, ledger line, position, payout and
// statement is the same afterwards." Each test/fixtures/upgrade-from-<migration>.json is a database written by
// the release whose last migration is <migration> (scripts/make-upgrade-fixture.ts ran its scenario through the
// real app, then dumped every table). Here an empty database is migrated to exactly that migration, the rows are
// loaded, the money facts are read, the database is migrated to the latest schema, and the facts must be the same;
// then the app runs on the upgraded database: the ledger check passes, a member reads their account and ledger,
// and one more payout period pays. The time is the fixture's own (a ManualClock), never the wall clock.
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb, type Database, type DbHandle } from '../src/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import { SESSION_COOKIE } from '../src/lib/session-cookie.ts';
import { payDuePeriods } from '../src/modules/investment/investment.payouts.ts';
import { createSession } from '../src/modules/session/session.service.ts';
import { offlineMarketService } from '../src/test/fake-market-feed.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { dumpTables, loadTables, type DumpTable, type TableDump } from '../src/test/table-dump.ts';
import { createEmptyTestDatabase, TEST_POOL, testDbKind } from '../src/test/test-db.ts';
import { ZLedgerKind } from '@vestora/contract';

interface UpgradeFixture extends TableDump {
  lastMigration: string;
  /** The scenario's clock when it was dumped. */
  clock: string;
}

const FIXTURES = new URL('./fixtures/', import.meta.url);
const fixtureFiles = readdirSync(FIXTURES).filter((f) => /^upgrade-from-.+\.json$/.test(f));

// ---- The money facts -------------------------------------------------------------------------------------------
// Balances and the platform's payouts are read twice over: on the database as the old release wrote it (its
// schema is frozen with the fixture) and on the upgraded one (the latest schema). Today both keep them in
// users.balance_cents and platform_ledger; the journal (#29) moves them to ledger_accounts/ledger_postings, and
// then only memberBalances and platformTotals change (same answers, same shapes); the *BeforeJournal readers stay.

type Balances = Record<string, number>;
/** Per kind ('interest', 'referral_reward'): total cents and how many payments. */
type PlatformTotals = Record<string, { cents: number; count: number }>;
interface MoneyReaders {
  balances(db: Database): Promise<Balances>;
  platform(db: Database): Promise<PlatformTotals>;
}

/** LATEST SCHEMA: every account's USD balance in cents, by user id. */
async function memberBalances(db: Database): Promise<Balances> {
  const rows = await sql<{ id: string; cents: number | string }>`
    select u.id, coalesce(a.balance, 0)::bigint as cents from users u
    left join ledger_accounts a on a.user_id = u.id and a.kind = 'available' and a.asset = 'USD'
    order by u.id`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.id, Number(r.cents)]));
}

/** LATEST SCHEMA: what the platform has paid out, per kind. */
async function platformTotals(db: Database): Promise<PlatformTotals> {
  // The platform's payments are postings on its expense accounts since the journal (#29).
  const rows = await sql<{ kind: string; cents: number | string; count: number | string }>`
    select case a.kind when 'interest_expense' then 'interest' else 'referral_reward' end as kind,
      -sum(p.amount) as cents, count(*) as count
    from ledger_postings p join ledger_accounts a on a.id = p.account_id
    where a.asset = 'USD' and a.kind in ('interest_expense', 'referral_expense')
    group by a.kind order by 1`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.kind, { cents: Number(r.cents), count: Number(r.count) }]));
}

/** A database written before the journal: the balance column on users. Never changes. */
async function memberBalancesBeforeJournal(db: Database): Promise<Balances> {
  const rows = await sql<{ id: string; cents: number | string }>`
    select id, balance_cents as cents from users order by id`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.id, Number(r.cents)]));
}

/** A database written before the journal: the platform_ledger table. Never changes. */
async function platformTotalsBeforeJournal(db: Database): Promise<PlatformTotals> {
  const rows = await sql<{ kind: string; cents: number | string; count: number | string }>`
    select kind, sum(amount_cents) as cents, count(*) as count from platform_ledger group by kind order by kind`.execute(
    db,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.kind, { cents: Number(r.cents), count: Number(r.count) }]));
}

const LATEST: MoneyReaders = { balances: memberBalances, platform: platformTotals };

/** The readers for a database at the fixture's own schema: the old places while the fixture has them. */
function asWritten(fixture: UpgradeFixture): MoneyReaders {
  const users = fixture.tables.find((t) => t.name === 'users');
  const beforeJournal =
    users?.columns.some((c) => c.name === 'balance_cents') && fixture.tables.some((t) => t.name === 'platform_ledger');
  return beforeJournal ? { balances: memberBalancesBeforeJournal, platform: platformTotalsBeforeJournal } : LATEST;
}

/** The columns of ledger_entries that stay readable with the same meaning (a view over the journal after #29). */
const LEDGER_COLUMNS = [
  'id',
  'seq',
  'user_id',
  'kind',
  'amount_cents',
  'balance_after_cents',
  'ref_type',
  'ref_id',
  'actor_id',
  'memo',
  'created_at',
];

/** The money records compared whole: positions, payouts, deposits, withdrawals, bank statements, rewards, statements. */
const RECORD_TABLES = [
  'investments',
  'investment_payouts',
  'deposits',
  'withdrawals',
  'statements',
  'statement_lines',
  'statement_line_uses',
  'referral_rewards',
  'account_statements',
  'account_statement_runs',
];

/**
 * Where a table's rows are read from: the table, or, for deposits once a Bitcoin deposit's chain columns live in
 * bitcoin_deposits (#29), the two joined under the old column names.
 */
async function source(db: Database, table: string) {
  if (table !== 'deposits') return sql.table(table);
  const split = await sql<{ n: number | string }>`
    select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = 'bitcoin_deposits'`.execute(
    db,
  );
  if (Number(split.rows[0]!.n) === 0) return sql.table(table);
  return sql`(select d.*, b.txid as btc_txid, b.vout as btc_vout, b.sats as btc_sats, b.address as btc_address,
      b.block_height as btc_block_height, b.block_hash as btc_block_hash, b.price_cents as btc_price_cents,
      b.price_at as btc_price_at, b.review as btc_review, b.resolved_by as btc_resolved_by
    from deposits d left join bitcoin_deposits b on b.deposit_id = d.id)`;
}

/**
 * A table's rows as PostgreSQL serialises them (to_jsonb: the same text on either engine, before and after),
 * only the columns the fixture has (a later migration's new columns are not part of the old database), in
 * the order of `orderBy`.
 */
async function rowsOf(db: Database, table: string, columns: string[], orderBy: string[]): Promise<unknown[]> {
  const r = await sql<{ r: unknown }>`
    select jsonb_build_object(${sql.join(columns.flatMap((c) => [sql.lit(c), sql.ref(`t.${c}`)]))}) as r
    from ${await source(db, table)} t order by ${sql.join(orderBy.map((c) => sql.ref(`t.${c}`)))}`.execute(db);
  return r.rows.map((x) => (typeof x.r === 'string' ? JSON.parse(x.r) : x.r));
}

/** Everything the upgrade must keep; the balances and platform totals through `readers` (the schema's own places). */
async function readMoneyFacts(db: Database, fixture: UpgradeFixture, readers: MoneyReaders) {
  const table = (name: string): DumpTable => {
    const t = fixture.tables.find((x) => x.name === name);
    if (!t) throw new Error(`the fixture has no table ${name}`);
    return t;
  };
  const records: Record<string, unknown[]> = {};
  for (const name of RECORD_TABLES) {
    const t = table(name);
    records[name] = await rowsOf(
      db,
      name,
      t.columns.filter((c) => !c.generated).map((c) => c.name),
      t.primaryKey,
    );
  }
  return {
    balances: await readers.balances(db),
    platform: await readers.platform(db),
    ledger: await rowsOf(db, 'ledger_entries', LEDGER_COLUMNS, ['seq']),
    records,
  };
}

// ---- The database --------------------------------------------------------------------------------------------------

/** A database with no schema at all, on this project's engine. */
async function emptyDatabase(): Promise<DbHandle> {
  if (testDbKind() === 'pglite') return createDb({ dataDir: 'memory' });
  const created = await createEmptyTestDatabase();
  const handle = await createDb({ databaseUrl: created.url, pool: { ...TEST_POOL, statementTimeoutMs: 0 } });
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

describe.each(fixtureFiles)('upgrading the database of %s', (file) => {
  const fixture = JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8')) as UpgradeFixture;
  const fixtureRows = (name: string) => {
    const t = fixture.tables.find((x) => x.name === name)!;
    return t.rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c.name, row[i]])));
  };
  let handle: DbHandle;
  let before: Awaited<ReturnType<typeof readMoneyFacts>>;

  beforeAll(async () => {
    handle = await emptyDatabase();
    await migrateTo(handle.db, fixture.lastMigration);
    await loadTables(handle.db, fixture);
    before = await readMoneyFacts(handle.db, fixture, asWritten(fixture));
  });
  afterAll(() => handle?.close());

  it('loads the old database as it was written, with real activity in it', async () => {
    // Before the upgrade, the database holds exactly the fixture's rows (dumped the way the fixture was).
    const dumped = await dumpTables(handle.db);
    expect(dumped.tables.map((t) => t.name)).toEqual(fixture.tables.map((t) => t.name));
    for (const [i, t] of dumped.tables.entries()) expect(t, t.name).toEqual(fixture.tables[i]);
    const users = fixtureRows('users');
    expect(before.balances).toEqual(Object.fromEntries(users.map((u) => [u.id, u.balance_cents])));
    expect(before.ledger.map((l) => (l as { id: string }).id)).toEqual(fixtureRows('ledger_entries').map((l) => l.id));
    // The scenario: members, a referral, deposits by hand, statement and Bitcoin, withdrawals, positions, payouts.
    expect(users.filter((u) => u.account_type === 'user').length).toBeGreaterThanOrEqual(8);
    expect(users.some((u) => u.referred_by !== null)).toBe(true);
    const kinds = new Set(before.ledger.map((l) => (l as { kind: string }).kind));
    // Every kind a member's line could have then (the contract's list, less the trades #30 and the order holds
    // #31 added later) is in the old database.
    const later: string[] = ['trade', 'order_hold', 'order_release'];
    expect(kinds).toEqual(new Set(ZLedgerKind.options.filter((k) => !later.includes(k))));
    expect(before.platform.interest!.count).toBeGreaterThan(0);
    expect(before.platform.referral_reward!.count).toBe(1);
    expect(before.records.investment_payouts!.length).toBeGreaterThan(0);
    expect(before.records.statement_lines!.length).toBeGreaterThan(0);
    expect(before.records.account_statements!.length).toBeGreaterThan(0);
    expect(fixtureRows('deposits').map((d) => d.method)).toContain('bitcoin');
    expect(new Set(fixtureRows('withdrawals').map((w) => w.status))).toEqual(
      new Set(['paid', 'rejected', 'cancelled']),
    );
  });

  it('keeps every balance, ledger line, position, payout and statement through the upgrade', async () => {
    await migrateToLatest(handle.db);
    const after = await readMoneyFacts(handle.db, fixture, LATEST);
    expect(after.balances).toEqual(before.balances);
    expect(after.platform).toEqual(before.platform);
    expect(after.ledger).toEqual(before.ledger);
    for (const name of RECORD_TABLES) expect(after.records[name], name).toEqual(before.records[name]);
  });

  it('runs the app on the upgraded database: the ledger check, a member’s account and ledger, one more payout', async () => {
    const clock = new ManualClock(fixture.clock);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://vestora.test',
      AUTH_RATE_LIMIT_PER_MIN: '100000',
      MONEY_RATE_LIMIT_PER_MIN: '100000',
      TRADE_RATE_LIMIT_PER_MIN: '100000',
      APP_SECRET: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    await migrateToLatest(handle.db); // done by the test before (nothing left to do then): this one reads alone too
    const app = await buildApp({ config, db: handle, clock, market: offlineMarketService(), logger: false });
    try {
      await app.ready();
      const users = fixtureRows('users');
      const signIn = async (id: string) =>
        `${SESSION_COOKIE}=${(await createSession(handle.db, id as string, clock.now())).token}`;
      const get = async (cookie: string, path: string, input?: unknown) => {
        const res = await app.inject({
          method: 'GET',
          url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers: { cookie },
        });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        return res.json().result.data;
      };
      // An admin signed in at the clock's time (a session from before the month passes would have lapsed).
      const adminId = users.find((u) => u.account_type === 'admin')!.id as string;
      const verify = async () =>
        (await get(await signIn(adminId), 'ledger.verify')) as { ok: boolean; platform: { ok: boolean } };
      expect(await verify()).toMatchObject({ ok: true, platform: { ok: true } });

      // A member with an open position reads their account and their whole ledger, as before the upgrade.
      const active = fixtureRows('investments').filter((p) => p.status === 'active');
      const ownerId = active[0]!.user_id as string;
      const member = await signIn(ownerId);
      const me = (await get(member, 'user.me')) as { id: string; balance: number };
      expect(me.id).toBe(ownerId);
      expect(Math.round(me.balance * 100)).toBe(before.balances[ownerId]);
      const mine = (before.ledger as { id: string; user_id: string; amount_cents: number }[]).filter(
        (l) => l.user_id === ownerId,
      );
      const page = (await get(member, 'ledger.list', { limit: 100 })) as {
        items: { id: string; amount: number }[];
      };
      expect(page.items.map((e) => [e.id, Math.round(e.amount * 100)])).toEqual(
        mine.map((l) => [l.id, l.amount_cents]).reverse(),
      );

      // One more period falls due for every open monthly position: it pays, into the ledger, and the check holds.
      const payoutsBefore = before.records.investment_payouts!.length;
      clock.advanceMs(31 * 24 * 3600 * 1000);
      const paid = await payDuePeriods(handle.db, { now: clock.now(), config });
      expect(paid.payments).toBeGreaterThan(0);
      expect(paid.interestCents).toBeGreaterThan(0);
      const payouts = await sql<{ n: number | string }>`select count(*) as n from investment_payouts`.execute(
        handle.db,
      );
      expect(Number(payouts.rows[0]!.n)).toBe(payoutsBefore + paid.payments);
      const interest = await platformTotals(handle.db);
      expect(interest.interest!.cents).toBe(before.platform.interest!.cents + paid.interestCents);
      const balances = await memberBalances(handle.db);
      const grown = Object.values(balances).reduce((s, c) => s + c, 0);
      const was = Object.values(before.balances).reduce((s, c) => s + c, 0);
      expect(grown).toBe(was + paid.interestCents + paid.principalCents);
      expect(await verify()).toMatchObject({ ok: true, platform: { ok: true } });
    } finally {
      await app.close();
    }
  });
});
