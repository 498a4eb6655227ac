import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #31: what acts while the member is away.
//   recurring_buys      a fixed dollar amount of a coin every week or month from a start date. `next_period` is the
//                       first period not yet decided and `next_due_at` its time (the runner's index);
//                       `not_before`: periods due before it are never bought (set at start and at each resume).
//   recurring_buy_runs  one row per decided period: bought (with its trade) or skipped (with the reason). Unique
//                       (recurring_buy_id, period), written in the same transaction as the trade: a period runs once.
//   price_alerts        above or below a price; `armed` goes false in the guarded update that fires it and back to
//                       true only once the price has moved back by PRICE_ALERT_REARM_PCT.
//   price_alert_firings one row per crossing (unique (alert, crossing)), written with the firing update.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table recurring_buys (
      id uuid primary key,
      user_id uuid not null references users (id),
      asset text not null references assets (code),
      amount_cents bigint not null check (amount_cents > 0),
      every text not null check (every in ('week', 'month')),
      start_at timestamptz not null,
      status text not null default 'active' check (status in ('active', 'paused', 'deleted')),
      next_period integer not null default 1 check (next_period >= 1),
      next_due_at timestamptz not null,
      not_before timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint recurring_buys_not_usd check (asset <> 'USD')
    )`.execute(db);
  await sql`create index recurring_buys_user_idx on recurring_buys (user_id, created_at)`.execute(db);
  // The runner's question: active buys whose next period has fallen due.
  await sql`create index recurring_buys_due_idx on recurring_buys (next_due_at) where status = 'active'`.execute(db);

  await sql`
    create table recurring_buy_runs (
      id uuid primary key,
      recurring_buy_id uuid not null references recurring_buys (id),
      period integer not null check (period >= 1),
      due_at timestamptz not null,
      status text not null check (status in ('bought', 'skipped')),
      reason_code text check (reason_code in ('missed', 'balance', 'paused', 'stale', 'refused')),
      reason jsonb,
      trade_id uuid unique references trades (id),
      created_at timestamptz not null,
      constraint recurring_buy_runs_once unique (recurring_buy_id, period),
      constraint recurring_buy_runs_outcome check (
        (status = 'bought' and trade_id is not null and reason_code is null)
        or (status = 'skipped' and trade_id is null and reason_code is not null))
    )`.execute(db);
  await sql`create index recurring_buy_runs_skipped_idx on recurring_buy_runs (created_at) where status = 'skipped'`.execute(
    db,
  );

  await sql`
    create table price_alerts (
      id uuid primary key,
      user_id uuid not null references users (id),
      asset text not null references assets (code),
      direction text not null check (direction in ('above', 'below')),
      price numeric(38, 18) not null check (price > 0),
      armed boolean not null default true,
      fired_count integer not null default 0,
      last_fired_at timestamptz,
      last_fired_price numeric(38, 18),
      created_at timestamptz not null,
      deleted_at timestamptz,
      constraint price_alerts_not_usd check (asset <> 'USD')
    )`.execute(db);
  await sql`create index price_alerts_user_idx on price_alerts (user_id, created_at)`.execute(db);
  await sql`create index price_alerts_live_idx on price_alerts (asset, direction, price) where deleted_at is null`.execute(
    db,
  );

  await sql`
    create table price_alert_firings (
      alert_id uuid not null references price_alerts (id),
      crossing integer not null check (crossing >= 1),
      price numeric(38, 18) not null,
      price_at timestamptz not null,
      created_at timestamptz not null,
      primary key (alert_id, crossing)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table price_alert_firings`.execute(db);
  await sql`drop table price_alerts`.execute(db);
  await sql`drop table recurring_buy_runs`.execute(db);
  await sql`drop table recurring_buys`.execute(db);
}
