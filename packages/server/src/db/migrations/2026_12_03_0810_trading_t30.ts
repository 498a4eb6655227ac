import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #30: members trade coins with the platform at a firm quoted price, on the journal per asset.
//   assets        each coin's trading terms: tradable, paused, the trade's dollar value bounds, spread and fee in
//                 basis points, and the exposure limit (the most the treasury may hold of it, in dollars).
//   trade_quotes  one firm quote for one member: what they give and get, the prices used, until when; accepted
//                 at most once (accepted_at, set by a guarded update; trades.quote_id is unique too).
//   trades        one fill of one quote: the numbers of the quote, and the dollar value each leg moved at (the
//                 gross before spread and fee, the net after), from which cost and FIFO gains are computed.
// The coins themselves move on the journal (ledger_movements / ledger_postings of the coin's asset, between the
// member's available account and the platform's treasury), so a trade is only movements and these two rows.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table assets
      add column tradable boolean not null default false,
      add column paused boolean not null default false,
      add column min_usd_cents bigint not null default 100 check (min_usd_cents > 0),
      add column max_usd_cents bigint not null default 10000000,
      add column spread_bps integer not null default 50 check (spread_bps between 0 and 2000),
      add column fee_bps integer not null default 10 check (fee_bps between 0 and 2000),
      add column exposure_limit_usd_cents bigint not null default 100000000 check (exposure_limit_usd_cents >= 0),
      add column updated_at timestamptz not null default now(),
      add constraint assets_trade_bounds check (max_usd_cents >= min_usd_cents),
      add constraint assets_usd_not_tradable check (code <> 'USD' or not tradable)`.execute(db);
  // Every listed coin trades from the start; the treasury holds none until it is funded, so buys are refused
  // ("the platform holds no more BTC to sell") until an operator funds it.
  await sql`update assets set tradable = true where code <> 'USD'`.execute(db);

  await sql`
    create table trade_quotes (
      id uuid primary key,
      user_id uuid not null references users (id),
      from_asset text not null references assets (code),
      to_asset text not null references assets (code),
      from_amount numeric(78, 0) not null check (from_amount > 0),
      to_amount numeric(78, 0) not null check (to_amount > 0),
      usd_gross_cents bigint not null check (usd_gross_cents > 0),
      usd_net_cents bigint not null check (usd_net_cents > 0),
      spread_cents bigint not null check (spread_cents >= 0),
      fee_cents bigint not null check (fee_cents >= 0),
      prices jsonb not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      accepted_at timestamptz,
      constraint trade_quotes_two_assets check (from_asset <> to_asset),
      constraint trade_quotes_expiry check (expires_at > created_at)
    )`.execute(db);
  await sql`create index trade_quotes_user_idx on trade_quotes (user_id, created_at)`.execute(db);

  await sql`
    create table trades (
      id uuid primary key,
      seq bigint generated always as identity unique,
      quote_id uuid not null unique references trade_quotes (id),
      user_id uuid not null references users (id),
      from_asset text not null references assets (code),
      to_asset text not null references assets (code),
      from_amount numeric(78, 0) not null check (from_amount > 0),
      to_amount numeric(78, 0) not null check (to_amount > 0),
      usd_gross_cents bigint not null check (usd_gross_cents > 0),
      usd_net_cents bigint not null check (usd_net_cents > 0),
      spread_cents bigint not null check (spread_cents >= 0),
      fee_cents bigint not null check (fee_cents >= 0),
      prices jsonb not null,
      created_at timestamptz not null,
      constraint trades_two_assets check (from_asset <> to_asset),
      constraint trades_dollar_leg check (usd_gross_cents = usd_net_cents + spread_cents + fee_cents)
    )`.execute(db);
  await sql`create index trades_user_seq_idx on trades (user_id, seq desc)`.execute(db);
  // The treasury is funded by a proposal a second administrator approves.
  await sql`alter table approvals drop constraint approvals_kind_check, add constraint approvals_kind_check
    check (kind in ('balance_adjustment', 'deposit_confirm', 'deposit_account', 'csv_mapping', 'crypto_payout_release', 'treasury_fund'))`.execute(
    db,
  );
  await sql`create trigger trades_append_only before update or delete on trades
    for each row execute function refuse_record_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const traded = await sql<{ n: string }>`select count(*)::text as n from trades`.execute(db);
  if (traded.rows[0]!.n !== '0') throw new Error('trading: members have traded; the trades cannot be undone');
  await sql`delete from approvals where kind = 'treasury_fund' and status <> 'approved'`.execute(db);
  await sql`alter table approvals drop constraint approvals_kind_check, add constraint approvals_kind_check
    check (kind in ('balance_adjustment', 'deposit_confirm', 'deposit_account', 'csv_mapping', 'crypto_payout_release'))`.execute(
    db,
  );
  await sql`drop table trades`.execute(db);
  await sql`drop table trade_quotes`.execute(db);
  await sql`
    alter table assets
      drop constraint assets_usd_not_tradable,
      drop constraint assets_trade_bounds,
      drop column updated_at,
      drop column exposure_limit_usd_cents,
      drop column fee_bps,
      drop column spread_bps,
      drop column max_usd_cents,
      drop column min_usd_cents,
      drop column paused,
      drop column tradable`.execute(db);
}
