import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #31: limit orders. A member buys or sells a listed coin at a limit price (dollars per whole coin, spread and fee
// included), good until cancelled or until expires_at. What it needs is set aside on the journal when placed:
//   ledger_accounts  a new member account kind `order_hold` (per member and asset, floored at zero like the
//                    withdrawal hold): dollars for a buy (the most it can cost at the limit), the coin for a sell.
//   limit_orders     the order: side, asset, the amount (coins, or dollars), the limit, what is held, its status
//                    (open → filled | cancelled | expired, by guarded updates), the trade that filled it (unique:
//                    an order fills once, whatever the instances and retries) and why an open order last waited.
// The fill is a trade like any other (a trade_quotes row and its trades row, the journal's postings).
const MEMBER_KINDS = ['available', 'withdrawal_hold', 'invested', 'order_hold'];
const OLD_MEMBER_KINDS = ['available', 'withdrawal_hold', 'invested'];
const PLATFORM_KINDS = [
  'treasury',
  'revenue',
  'interest_expense',
  'referral_expense',
  'adjustments',
  'bank',
  'chain',
  'suspense',
  'bank_fees',
];
const FLOORED = ['available', 'withdrawal_hold', 'invested', 'order_hold', 'treasury', 'revenue'];
const OLD_FLOORED = ['available', 'withdrawal_hold', 'invested', 'treasury', 'revenue'];

const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql.lit(x)),
    sql`, `,
  );

async function accountKinds(db: Kysely<any>, member: string[], floored: string[]): Promise<void> {
  await sql`
    alter table ledger_accounts
      drop constraint ledger_accounts_kind_check,
      drop constraint ledger_accounts_owner,
      drop constraint ledger_accounts_no_overdraft,
      add constraint ledger_accounts_kind_check check (kind in (${list([...member, ...PLATFORM_KINDS])})),
      add constraint ledger_accounts_owner check ((kind in (${list(member)})) = (user_id is not null)),
      add constraint ledger_accounts_no_overdraft check (kind not in (${list(floored)}) or balance >= 0)`.execute(db);
  await sql`
    create or replace function ledger_post() returns trigger language plpgsql as $$
    declare
      account_kind text;
    begin
      select kind into account_kind from ledger_accounts where id = new.account_id;
      if account_kind in (${list(floored)}) then
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
  await sql`
    create or replace function ledger_open_member_accounts() returns trigger language plpgsql as $$
    begin
      insert into ledger_accounts (asset, kind, user_id)
      select 'USD', k.kind, new.id from unnest(array[${list(member)}]) as k(kind);
      return null;
    end
    $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await accountKinds(db, MEMBER_KINDS, FLOORED);
  // Every member has their USD accounts from the start (a coin's open with its first posting).
  await sql`insert into ledger_accounts (asset, kind, user_id) select 'USD', 'order_hold', id from users
    on conflict (user_id, kind, asset) where user_id is not null do nothing`.execute(db);

  await sql`
    create table limit_orders (
      id uuid primary key,
      seq bigint generated always as identity unique,
      user_id uuid not null references users (id),
      side text not null check (side in ('buy', 'sell')),
      asset text not null references assets (code) check (asset <> 'USD'),
      amount_units numeric(78, 0) check (amount_units > 0),
      amount_usd_cents bigint check (amount_usd_cents > 0),
      limit_price numeric(60, 20) not null check (limit_price > 0),
      limit_text text not null,
      held_asset text not null references assets (code),
      held_units numeric(78, 0) not null check (held_units > 0),
      status text not null default 'open' check (status in ('open', 'filled', 'cancelled', 'expired')),
      expires_at timestamptz,
      created_at timestamptz not null,
      closed_at timestamptz,
      trade_id uuid unique references trades (id),
      waiting jsonb,
      waiting_at timestamptz,
      constraint limit_orders_one_amount check ((amount_units is null) <> (amount_usd_cents is null)),
      constraint limit_orders_held_asset check ((side = 'buy') = (held_asset = 'USD')),
      constraint limit_orders_filled_trade check ((status = 'filled') = (trade_id is not null)),
      constraint limit_orders_closed check ((status = 'open') = (closed_at is null)),
      constraint limit_orders_expiry check (expires_at is null or expires_at > created_at)
    )`.execute(db);
  // The fill check per price tick: open orders of one coin and side, by limit (an index range, not a scan).
  await sql`create index limit_orders_open_idx on limit_orders (asset, side, limit_price) where status = 'open'`.execute(
    db,
  );
  await sql`create index limit_orders_expiry_idx on limit_orders (expires_at) where status = 'open' and expires_at is not null`.execute(
    db,
  );
  await sql`create index limit_orders_user_idx on limit_orders (user_id, seq desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const held = await sql<{ n: string }>`
    select count(*)::text as n from ledger_accounts where kind = 'order_hold' and balance <> 0`.execute(db);
  if (held.rows[0]!.n !== '0') throw new Error('limit orders: money is held for open orders; cancel them first');
  const moved = await sql<{ n: string }>`
    select count(*)::text as n from ledger_postings p join ledger_accounts a on a.id = p.account_id
    where a.kind = 'order_hold'`.execute(db);
  if (moved.rows[0]!.n !== '0') throw new Error('limit orders: the journal has order holds; they cannot be undone');
  await sql`drop table limit_orders`.execute(db);
  await sql`delete from ledger_accounts where kind = 'order_hold'`.execute(db);
  await accountKinds(db, OLD_MEMBER_KINDS, OLD_FLOORED);
}
