import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #32, payout batches: approved Bitcoin withdrawals leave in one transaction the operator signs offline.
//   bitcoin_payout_batches   the batch: its status (built → sent → paid, built → cancelled, sent → exception when
//                            replaced or dropped, exception → paid if it still confirms), the unsigned PSBT as built,
//                            what it spends (inputs) and pays (outputs) as built (the signed PSBT must match them),
//                            our change output, the network fee and rate, the broadcast transaction (txid unique).
//   withdrawals.payout_batch_id   the batch carrying an approved withdrawal (set by a guarded update, so two
//                            batches never take one withdrawal; cleared when the batch is cancelled).
//   bitcoin_utxos.reserved_by     already there: now set to the batch that spends the output (guarded likewise).
//   ledger_accounts kind `network_fees`: the platform's expense account for the network fees of its payouts, one
//                            per asset (ids as money.journal.repo.ts platformAccountId derives them); a fee moves
//                            network_fees -> chain when the payout confirms.
//   bitcoin_exceptions kind `payout_batch`: a withdrawal whose batch's transaction was replaced or dropped.
// Every value the previous constraints allowed stays allowed.

const MEMBER_KINDS = ['available', 'withdrawal_hold', 'invested', 'order_hold'];
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
const EXCEPTION_KINDS = ['reorged', 'dust', 'payout_mismatch', 'closed_account', 'amount_mismatch'];

const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql.lit(x)),
    sql`, `,
  );

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table bitcoin_payout_batches (
      id uuid primary key,
      seq bigint generated always as identity unique,
      status text not null default 'built' check (status in ('built', 'sent', 'paid', 'cancelled', 'exception')),
      exception text check (exception in ('replaced', 'dropped')),
      psbt text not null,
      inputs jsonb not null,
      outputs jsonb not null,
      change_address text,
      change_index integer check (change_index >= 0),
      change_sats bigint check (change_sats > 0),
      fee_sats bigint not null check (fee_sats > 0),
      fee_rate_sat_kvb integer not null check (fee_rate_sat_kvb > 0),
      txid text unique check (txid ~ '^[0-9a-f]{64}$'),
      raw_tx text,
      missing_since timestamptz,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null,
      sent_by uuid references users (id) on delete set null,
      sent_at timestamptz,
      cancelled_by uuid references users (id) on delete set null,
      cancelled_at timestamptz,
      paid_at timestamptz,
      exception_at timestamptz,
      constraint bitcoin_payout_batches_sent check ((status in ('built', 'cancelled')) = (txid is null)),
      constraint bitcoin_payout_batches_change check ((change_address is null) = (change_sats is null)),
      constraint bitcoin_payout_batches_exception check ((status = 'exception') = (exception is not null))
    )`.execute(db);
  // The watcher asks about sent batches (and exceptions, which may still confirm) on every tick.
  await sql`create index bitcoin_payout_batches_open on bitcoin_payout_batches (seq) where status in ('sent', 'exception')`.execute(
    db,
  );
  await sql`alter table withdrawals add column payout_batch_id uuid references bitcoin_payout_batches (id)`.execute(db);
  await sql`create index withdrawals_payout_batch_idx on withdrawals (payout_batch_id) where payout_batch_id is not null`.execute(
    db,
  );
  // The approved Bitcoin withdrawals waiting for a batch (what build takes by default).
  await sql`create index withdrawals_bitcoin_waiting_idx on withdrawals (seq)
    where method = 'bitcoin' and status = 'approved' and payout_batch_id is null`.execute(db);
  await sql`create index bitcoin_utxos_reserved on bitcoin_utxos (reserved_by) where reserved_by is not null`.execute(
    db,
  );

  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check,
    add constraint ledger_accounts_kind_check check (kind in (${list([...MEMBER_KINDS, ...PLATFORM_KINDS, 'network_fees'])}))`.execute(
    db,
  );
  await sql`insert into ledger_accounts (id, asset, kind)
    select md5('vestora:platform:network_fees:' || a.code)::uuid, a.code, 'network_fees' from assets a
    on conflict do nothing`.execute(db);

  await sql`alter table bitcoin_exceptions drop constraint bitcoin_exceptions_kind_check,
    add constraint bitcoin_exceptions_kind_check check (kind in (${list([...EXCEPTION_KINDS, 'payout_batch'])}))`.execute(
    db,
  );
}

/** Refused once a batch was sent: the money it moved cannot be undone by a schema change. */
export async function down(db: Kysely<any>): Promise<void> {
  const r = await sql<{ n: string }>`
    select count(*)::text as n from bitcoin_payout_batches where status not in ('built', 'cancelled')`.execute(db);
  if (r.rows[0]!.n !== '0') throw new Error('payout batches: a batch was sent; cannot go back');
  await sql`delete from bitcoin_exceptions where kind = 'payout_batch'`.execute(db);
  await sql`alter table bitcoin_exceptions drop constraint bitcoin_exceptions_kind_check,
    add constraint bitcoin_exceptions_kind_check check (kind in (${list(EXCEPTION_KINDS)}))`.execute(db);
  await sql`delete from ledger_accounts where kind = 'network_fees' and balance = 0`.execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check,
    add constraint ledger_accounts_kind_check check (kind in (${list([...MEMBER_KINDS, ...PLATFORM_KINDS])}))`.execute(
    db,
  );
  await sql`update bitcoin_utxos set reserved_by = null where reserved_by is not null`.execute(db);
  await sql`drop index if exists bitcoin_utxos_reserved`.execute(db);
  await sql`alter table withdrawals drop column payout_batch_id`.execute(db);
  await sql`drop table bitcoin_payout_batches`.execute(db);
}
