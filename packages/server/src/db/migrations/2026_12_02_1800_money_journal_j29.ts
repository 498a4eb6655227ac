import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
//
// #29: one double-entry journal per asset. Before: a member's money was one USD-cents column on the user row
// (users.balance_cents), the member's ledger had no asset (ledger_entries) and the platform's ledger was
// one-sided (platform_ledger: what it paid out). After:
//   assets            USD and the coins the platform lists: symbol, the market feed's coin id, scale.
//   ledger_accounts   one per owner, kind and asset: a member's available money, their funds held for
//                     withdrawals, their invested principal; the platform's treasury, revenue, interest and
//                     referral expense, adjustments, the outside world (bank, chain) and suspense. Its balance
//                     is an integer of the asset's smallest unit (numeric(78,0): ether's wei pass bigint).
//   ledger_movements  one movement of one asset (what, why, who, when); an exchange of two assets is two
//                     movements sharing an exchange_id.
//   ledger_postings   the movement's legs: amounts of its asset on accounts, summing to zero.
// Where the database enforces each invariant:
//   - postings of a movement sum to zero and there are at least two: a deferred constraint trigger on
//     ledger_movements (ledger_movement_balanced), checked at commit;
//   - a posting's asset is its movement's and its account's: composite foreign keys;
//   - balances equal their postings: the only writer of a balance is the posting trigger (ledger_post):
//     accounts with a floor are updated as each posting is inserted (its balance_after), the platform's
//     unbounded accounts at commit in account order (ledger_settle_platform), so the hot platform rows are
//     locked last and in one order by every transaction (no deadlock, no long lock);
//   - a member's accounts, the treasury and revenue never go below zero: CHECK ledger_accounts_no_overdraft;
//   - the journal is append-only: refuse_record_change on movements and postings.
// Today's money moves over in place, every figure kept: each ledger entry becomes a movement whose member
// posting keeps the entry's id, seq, amount and balance after, against the account its kind names; every
// paid withdrawal gets its hold-to-bank (or chain) movement; the platform's payments become postings on its
// expense accounts. The migration refuses to finish unless every member balance and the platform's interest
// and referral totals come out the same. `ledger_entries` stays readable as a view of the members' USD lines.

/** Accounts owned by a member (user_id set). */
const MEMBER_ACCOUNT_KINDS = ['available', 'withdrawal_hold', 'invested'] as const;
/** The platform's accounts, one per asset. */
const PLATFORM_ACCOUNT_KINDS = [
  'treasury',
  'revenue',
  'interest_expense',
  'referral_expense',
  'adjustments',
  'bank',
  'chain',
  'suspense',
] as const;
/** Accounts whose balance may never go below zero (the others are the platform's sources and sinks). */
const FLOORED = ['available', 'withdrawal_hold', 'invested', 'treasury', 'revenue'] as const;

const ASSETS = [
  ['USD', 'US dollar', '$', null, 2],
  ['BTC', 'Bitcoin', '₿', 'bitcoin', 8],
  ['ETH', 'Ether', 'Ξ', 'ethereum', 18],
  ['USDT', 'Tether', '₮', 'tether', 6],
  ['SOL', 'Solana', 'SOL', 'solana', 9],
  ['XRP', 'XRP', 'XRP', 'ripple', 6],
  ['LTC', 'Litecoin', 'Ł', 'litecoin', 8],
  ['DOGE', 'Dogecoin', 'Ð', 'dogecoin', 8],
] as const;

const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql.lit(x)),
    sql`, `,
  );

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table assets (
      code text primary key check (code ~ '^[A-Z0-9]{2,10}$'),
      name text not null,
      symbol text not null,
      coin_id text unique,
      scale smallint not null check (scale between 0 and 30),
      created_at timestamptz not null default now()
    )`.execute(db);
  for (const [code, name, symbol, coinId, scale] of ASSETS)
    await sql`insert into assets (code, name, symbol, coin_id, scale) values (${code}, ${name}, ${symbol}, ${coinId}, ${scale})`.execute(
      db,
    );

  await sql`
    create table ledger_accounts (
      id uuid primary key default gen_random_uuid(),
      asset text not null references assets(code),
      kind text not null check (kind in (${list([...MEMBER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS])})),
      user_id uuid references users(id) on delete cascade,
      balance numeric(78, 0) not null default 0,
      created_at timestamptz not null default now(),
      constraint ledger_accounts_owner check ((kind in (${list(MEMBER_ACCOUNT_KINDS)})) = (user_id is not null)),
      constraint ledger_accounts_no_overdraft check (kind not in (${list(FLOORED)}) or balance >= 0),
      constraint ledger_accounts_id_asset unique (id, asset)
    )`.execute(db);
  await sql`create unique index ledger_accounts_member_idx on ledger_accounts (user_id, kind, asset) where user_id is not null`.execute(
    db,
  );
  await sql`create unique index ledger_accounts_platform_idx on ledger_accounts (kind, asset) where user_id is null`.execute(
    db,
  );

  await sql`
    create table ledger_movements (
      id uuid primary key,
      seq bigint generated by default as identity unique,
      asset text not null references assets(code),
      kind text not null,
      ref_type text not null,
      ref_id uuid not null,
      actor_id uuid references users(id) on delete restrict,
      memo text,
      exchange_id uuid,
      created_at timestamptz not null,
      constraint ledger_movements_id_asset unique (id, asset)
    )`.execute(db);
  await sql`create index ledger_movements_ref_idx on ledger_movements (ref_type, ref_id)`.execute(db);
  await sql`create index ledger_movements_exchange_idx on ledger_movements (exchange_id) where exchange_id is not null`.execute(
    db,
  );

  await sql`
    create table ledger_postings (
      id uuid primary key,
      seq bigint generated by default as identity unique,
      movement_id uuid not null,
      account_id uuid not null,
      asset text not null,
      amount numeric(78, 0) not null check (amount <> 0),
      balance_after numeric(78, 0),
      constraint ledger_postings_movement foreign key (movement_id, asset) references ledger_movements (id, asset),
      constraint ledger_postings_account foreign key (account_id, asset) references ledger_accounts (id, asset)
    )`.execute(db);

  // ---- today's money, moved over ----
  // The platform's account ids derive from kind and asset (money.journal.repo.ts platformAccountId: the same).
  await sql`insert into ledger_accounts (id, asset, kind) select md5('vestora:platform:' || k.kind || ':' || a.code)::uuid, a.code, k.kind from assets a cross join (values ${sql.join(
    PLATFORM_ACCOUNT_KINDS.map((k) => sql`(${k})`),
  )}) as k(kind)`.execute(db);
  await sql`insert into ledger_accounts (asset, kind, user_id)
    select 'USD', k.kind, u.id from users u cross join (values ${sql.join(
      MEMBER_ACCOUNT_KINDS.map((k) => sql`(${k})`),
    )}) as k(kind)`.execute(db);

  // The counter account of each entry, by its kind (a deposit: the bank or the chain it came from; a release:
  // the hold, or the bank for a payout the bank sent back after it was paid).
  await sql`
    create temporary table journal_entries_moved on commit drop as
    select l.*, gen_random_uuid() as movement_id,
      case
        when l.kind = 'deposit' then case when d.method = 'bitcoin' then 'chain' else 'bank' end
        when l.kind = 'withdrawal_hold' then 'withdrawal_hold'
        when l.kind = 'withdrawal_release' then
          case when w.status = 'returned' and (w.settled_line_id is not null or w.sent_at is null) then 'bank'
               else 'withdrawal_hold' end
        when l.kind in ('investment', 'principal_return') then 'invested'
        when l.kind = 'interest' then 'interest_expense'
        when l.kind = 'referral_reward' then 'referral_expense'
        when l.kind = 'adjustment' then 'adjustments'
      end as counter_kind
    from ledger_entries l
    left join deposits d on l.ref_type = 'deposit' and d.id = l.ref_id
    left join withdrawals w on l.ref_type = 'withdrawal' and w.id = l.ref_id`.execute(db);
  await sql`
    insert into ledger_movements (id, asset, kind, ref_type, ref_id, actor_id, memo, created_at)
    select movement_id, 'USD', kind, ref_type, ref_id, actor_id, memo, created_at from journal_entries_moved order by seq`.execute(
    db,
  );
  await sql`
    insert into ledger_postings (id, seq, movement_id, account_id, asset, amount, balance_after)
    overriding system value
    select e.id, e.seq, e.movement_id, a.id, 'USD', e.amount_cents, e.balance_after_cents
    from journal_entries_moved e
    join ledger_accounts a on a.user_id = e.user_id and a.kind = 'available' and a.asset = 'USD'`.execute(db);
  await sql`select setval(pg_get_serial_sequence('ledger_postings', 'seq'), greatest((select max(seq) from ledger_postings), 1))`.execute(
    db,
  );
  await sql`
    insert into ledger_postings (id, movement_id, account_id, asset, amount)
    select gen_random_uuid(), e.movement_id, a.id, 'USD', -e.amount_cents
    from journal_entries_moved e
    join ledger_accounts a on a.asset = 'USD' and a.kind = e.counter_kind
      and a.user_id is not distinct from (case when e.counter_kind in (${list(MEMBER_ACCOUNT_KINDS)}) then e.user_id end)
    order by e.seq`.execute(db);
  // Paid withdrawals: the held funds left for the bank (or the chain) when the payout was paid.
  await sql`
    create temporary table journal_payouts_moved on commit drop as
    select w.*, gen_random_uuid() as movement_id, case when w.method = 'crypto' then 'chain' else 'bank' end as to_kind
    from withdrawals w
    where w.status = 'paid' or (w.status = 'returned' and (w.settled_line_id is not null or w.sent_at is null))`.execute(
    db,
  );
  await sql`
    insert into ledger_movements (id, asset, kind, ref_type, ref_id, actor_id, memo, created_at)
    select movement_id, 'USD', 'withdrawal_paid', 'withdrawal', id, reviewed_by, 'Withdrawal paid out',
      coalesce(payout_confirmed_at, reviewed_at, sent_at, created_at)
    from journal_payouts_moved order by seq`.execute(db);
  await sql`
    insert into ledger_postings (id, movement_id, account_id, asset, amount)
    select gen_random_uuid(), p.movement_id, a.id, 'USD', leg.amount
    from journal_payouts_moved p
    cross join lateral (values ('withdrawal_hold', -p.amount_cents), (p.to_kind, p.amount_cents)) as leg(kind, amount)
    join ledger_accounts a on a.asset = 'USD' and a.kind = leg.kind
      and a.user_id is not distinct from (case when leg.kind = 'withdrawal_hold' then p.user_id end)
    order by p.seq, leg.amount`.execute(db);

  // Balances from their postings; the floored accounts' postings get their running balance.
  await sql`
    update ledger_accounts a set balance = s.total
    from (select account_id, sum(amount) as total from ledger_postings group by account_id) s
    where s.account_id = a.id`.execute(db);
  await sql`
    update ledger_postings p set balance_after = r.running
    from (
      select p.id, sum(p.amount) over (partition by p.account_id order by m.created_at, p.seq) as running
      from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_movements m on m.id = p.movement_id
      where a.kind in ('withdrawal_hold', 'invested')
    ) r
    where r.id = p.id`.execute(db);

  // Refuse to finish unless the money is the same.
  const off = await sql<{ n: string | number }>`
    select count(*) as n from users u
    join ledger_accounts a on a.user_id = u.id and a.kind = 'available' and a.asset = 'USD'
    where a.balance <> u.balance_cents`.execute(db);
  if (Number(off.rows[0]!.n) !== 0)
    throw new Error(`money journal: ${off.rows[0]!.n} member balance(s) differ from their ledger; upgrade refused`);
  const platform = await sql<{ kind: string; paid: string; posted: string }>`
    select k.kind,
      (select coalesce(sum(amount_cents), 0) from platform_ledger where kind = k.kind)::text as paid,
      (select coalesce(-sum(p.amount), 0) from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where a.kind = k.account and a.asset = 'USD')::text as posted
    from (values ('interest', 'interest_expense'), ('referral_reward', 'referral_expense')) as k(kind, account)`.execute(
    db,
  );
  for (const r of platform.rows)
    if (r.paid !== r.posted)
      throw new Error(`money journal: the platform's ${r.kind} paid ${r.paid} but posts ${r.posted}; upgrade refused`);

  // ---- what keeps it true from now on ----
  await sql`
    create function ledger_post() returns trigger language plpgsql as $$
    declare
      account_kind text;
    begin
      select kind into account_kind from ledger_accounts where id = new.account_id;
      if account_kind in (${list(FLOORED)}) then
        -- The CHECK ledger_accounts_no_overdraft refuses a balance below zero (SQLSTATE 23514).
        update ledger_accounts set balance = balance + new.amount where id = new.account_id
          returning balance into new.balance_after;
      else
        new.balance_after := null;
        insert into ledger_unsettled (account_id, amount) values (new.account_id, new.amount);
      end if;
      return new;
    end
    $$`.execute(db);
  // The platform's unbounded accounts (bank, chain, expenses...) are touched by most transactions: their
  // balances are added at commit, in account order, once per transaction.
  await sql`create table ledger_unsettled (account_id uuid not null references ledger_accounts(id), amount numeric(78, 0) not null)`.execute(
    db,
  );
  await sql`
    create function ledger_settle_platform() returns trigger language plpgsql as $$
    declare
      r record;
    begin
      for r in select account_id, sum(amount) as total from ledger_unsettled group by account_id order by account_id loop
        update ledger_accounts set balance = balance + r.total where id = r.account_id;
      end loop;
      delete from ledger_unsettled;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger ledger_post before insert on ledger_postings for each row execute function ledger_post()`.execute(
    db,
  );
  await sql`
    create constraint trigger ledger_settle_platform after insert on ledger_unsettled
    deferrable initially deferred for each row execute function ledger_settle_platform()`.execute(db);
  await sql`
    create function ledger_movement_balanced() returns trigger language plpgsql as $$
    declare
      total numeric;
      legs integer;
    begin
      select coalesce(sum(amount), 0), count(*) into total, legs from ledger_postings where movement_id = new.id;
      if legs < 2 or total <> 0 then
        raise exception 'ledger movement % (%) is unbalanced: % posting(s) summing to %', new.id, new.kind, legs, total
          using errcode = 'check_violation', constraint = 'ledger_movement_balanced';
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create constraint trigger ledger_movement_balanced after insert on ledger_movements
    deferrable initially deferred for each row execute function ledger_movement_balanced()`.execute(db);
  for (const table of ['ledger_movements', 'ledger_postings']) {
    await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function refuse_record_change()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function refuse_record_change()`.execute(db);
  }
  await sql`create index ledger_movements_kind_seq_idx on ledger_movements (kind, seq)`.execute(db);
  // Every member has their USD accounts from the start (other assets' accounts open with their first posting).
  await sql`
    create function ledger_open_member_accounts() returns trigger language plpgsql as $$
    begin
      insert into ledger_accounts (asset, kind, user_id)
      select 'USD', k.kind, new.id from unnest(array[${list(MEMBER_ACCOUNT_KINDS)}]) as k(kind);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger users_open_ledger_accounts after insert on users for each row execute function ledger_open_member_accounts()`.execute(
    db,
  );
  await sql`drop table journal_entries_moved`.execute(db);
  await sql`drop table journal_payouts_moved`.execute(db);
  await sql`create index ledger_postings_account_seq_idx on ledger_postings (account_id, seq)`.execute(db);
  await sql`create index ledger_postings_movement_idx on ledger_postings (movement_id)`.execute(db);

  // ---- the old tables go; the members' USD lines stay readable under their old name ----
  await sql`drop table ledger_entries`.execute(db);
  await sql`drop table platform_ledger`.execute(db);
  await sql`alter table users drop column balance_cents`.execute(db);
  await sql`
    create view ledger_entries as
    select p.id, p.seq, a.user_id, m.kind, p.amount::bigint as amount_cents, p.balance_after::bigint as balance_after_cents,
      m.ref_type, m.ref_id, m.actor_id, m.memo, m.created_at
    from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join ledger_movements m on m.id = p.movement_id
    where a.kind = 'available' and p.asset = 'USD'`.execute(db);
}

/**
 * Back to the USD-only tables, for a database that holds only what they can say: refused when any coin has
 * moved (the old tables have no asset). The members' lines, balances and the platform's payments come back
 * as they were; the platform's other postings (bank, chain, holds) had no table before and are dropped.
 */
export async function down(db: Kysely<any>): Promise<void> {
  const coins = await sql<{
    n: string | number;
  }>`select count(*) as n from ledger_movements where asset <> 'USD'`.execute(db);
  if (Number(coins.rows[0]!.n) > 0)
    throw new Error('2026_12_02_1800_money_journal_j29: coins have moved; the USD-only tables cannot hold them');
  await sql`drop trigger users_open_ledger_accounts on users`.execute(db);
  await sql`drop function ledger_open_member_accounts()`.execute(db);
  await sql`drop view ledger_entries`.execute(db);
  await sql`
    create table ledger_entries (
      id uuid primary key,
      seq bigint generated by default as identity not null unique,
      user_id uuid not null references users(id) on delete restrict,
      kind text not null constraint ledger_entries_kind_check check (kind in
        ('deposit', 'withdrawal_hold', 'withdrawal_release', 'adjustment', 'investment', 'interest', 'principal_return', 'referral_reward')),
      amount_cents bigint not null check (amount_cents <> 0),
      balance_after_cents bigint not null check (balance_after_cents >= 0),
      ref_type text not null constraint ledger_entries_ref_type_check check (ref_type in
        ('deposit', 'withdrawal', 'adjustment', 'investment', 'referral')),
      ref_id uuid not null,
      actor_id uuid constraint ledger_entries_actor_id_fkey references users(id) on delete restrict,
      memo text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    insert into ledger_entries (id, seq, user_id, kind, amount_cents, balance_after_cents, ref_type, ref_id, actor_id, memo, created_at)
    overriding system value
    select p.id, p.seq, a.user_id, m.kind, p.amount, p.balance_after, m.ref_type, m.ref_id, m.actor_id, m.memo, m.created_at
    from ledger_postings p join ledger_accounts a on a.id = p.account_id join ledger_movements m on m.id = p.movement_id
    where a.kind = 'available' and p.asset = 'USD' order by p.seq`.execute(db);
  await sql`select setval(pg_get_serial_sequence('ledger_entries', 'seq'), greatest((select max(seq) from ledger_entries), 1))`.execute(
    db,
  );
  await sql`create index ledger_entries_user_seq_idx on ledger_entries (user_id, seq)`.execute(db);
  await sql`create index ledger_entries_kind_seq_idx on ledger_entries (kind, seq)`.execute(db);
  for (const [name, when] of [
    ['ledger_entries_append_only', 'before update or delete'],
    ['ledger_entries_no_truncate', 'before truncate'],
  ] as const)
    await sql`create trigger ${sql.id(name)} ${sql.raw(when)} on ledger_entries
      for each ${sql.raw(when === 'before truncate' ? 'statement' : 'row')} execute function refuse_record_change()`.execute(
      db,
    );

  await sql`
    create table platform_ledger (
      id uuid primary key,
      seq bigint generated by default as identity not null unique,
      kind text not null check (kind in ('interest', 'referral_reward')),
      amount_cents bigint not null check (amount_cents > 0),
      user_id uuid not null references users(id) on delete restrict,
      ref_type text not null,
      ref_id text not null,
      created_at timestamptz not null default now(),
      constraint platform_ledger_kind_ref unique (kind, ref_id)
    )`.execute(db);
  await sql`
    insert into platform_ledger (id, kind, amount_cents, user_id, ref_type, ref_id, created_at)
    select gen_random_uuid(), case m.kind when 'interest' then 'interest' else 'referral_reward' end, p.amount, a.user_id,
      case m.kind when 'interest' then 'investment_payout' else 'referral' end,
      case m.kind when 'interest'
        then m.ref_id::text || ':' || row_number() over (partition by m.ref_id, m.kind order by p.seq)
        else m.ref_id::text end,
      m.created_at
    from ledger_postings p join ledger_accounts a on a.id = p.account_id join ledger_movements m on m.id = p.movement_id
    where a.kind = 'available' and p.asset = 'USD' and m.kind in ('interest', 'referral_reward')`.execute(db);

  await sql`alter table users add column balance_cents bigint not null default 0 check (balance_cents >= 0)`.execute(
    db,
  );
  await sql`
    update users u set balance_cents = a.balance from ledger_accounts a
    where a.user_id = u.id and a.kind = 'available' and a.asset = 'USD'`.execute(db);

  for (const table of ['ledger_postings', 'ledger_movements', 'ledger_unsettled', 'ledger_accounts', 'assets'])
    await sql`drop table ${sql.table(table)} cascade`.execute(db);
  for (const fn of ['ledger_post', 'ledger_settle_platform', 'ledger_movement_balanced'])
    await sql`drop function ${sql.id(fn)}()`.execute(db);
}
