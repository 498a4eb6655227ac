import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #29: Bitcoin deposits apart from bank deposits where their columns differ. `deposits` keeps what every deposit
// has (owner, amount, status, key, review, times, method): the money flow row the money core moves. What only a
// chain payment has (its outpoint, satoshis, address, block, the price credited, the review of disagreeing reads)
// moves to `bitcoin_deposits`, one row per deposit of method 'bitcoin', with its constraints:
// - the outpoint (txid, vout) is unique (was deposits_btc_outpoint_key); vout >= 0, sats > 0, an address (were
//   deposits_method_check);
// - a bank deposit has no chain row: the row references (id, method) of its deposit with method 'bitcoin' (a
//   deposit's method cannot change under it either);
// - a Bitcoin deposit has its chain row: checked at commit (a deferred constraint trigger on both tables), so the
//   two rows are written in one transaction in either order;
// - the statuses are the method's own (bank: pending, confirmed, rejected, expired; Bitcoin: seen, held,
//   confirmed): the new deposits_method_check;
// - deposits_btc_waiting_idx (block height of seen and held rows) cannot span two tables: the waiting rows are
//   found by deposits_status_seq_idx, and bitcoin_deposits_block_height_idx serves the reorg walk (payments above
//   a height) and credited payments without a block (block_height is null).
// Every Bitcoin deposit's values move over; down moves them back.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deposits add constraint deposits_id_method_key unique (id, method)`.execute(db);
  await sql`create table bitcoin_deposits (
    deposit_id uuid primary key,
    method text not null default 'bitcoin' check (method = 'bitcoin'),
    txid text not null,
    vout integer not null check (vout >= 0),
    sats bigint not null check (sats > 0),
    address text not null,
    block_height integer,
    block_hash text,
    price_cents bigint,
    price_at timestamptz,
    review text,
    resolved_by uuid references users (id) on delete restrict,
    constraint bitcoin_deposits_outpoint_key unique (txid, vout),
    constraint bitcoin_deposits_deposit_fkey foreign key (deposit_id, method)
      references deposits (id, method) on delete restrict
  )`.execute(db);
  await sql`create index bitcoin_deposits_block_height_idx on bitcoin_deposits (block_height)`.execute(db);
  await sql`insert into bitcoin_deposits (deposit_id, txid, vout, sats, address, block_height, block_hash,
      price_cents, price_at, review, resolved_by)
    select id, btc_txid, btc_vout, btc_sats, btc_address, btc_block_height, btc_block_hash,
      btc_price_cents, btc_price_at, btc_review, btc_resolved_by
    from deposits where method = 'bitcoin'`.execute(db);

  await sql`drop index deposits_btc_waiting_idx`.execute(db);
  await sql`drop index deposits_btc_outpoint_key`.execute(db);
  await sql`alter table deposits drop constraint deposits_method_check`.execute(db);
  await db.schema
    .alterTable('deposits')
    .dropColumn('btc_txid')
    .dropColumn('btc_vout')
    .dropColumn('btc_sats')
    .dropColumn('btc_address')
    .dropColumn('btc_block_height')
    .dropColumn('btc_block_hash')
    .dropColumn('btc_price_cents')
    .dropColumn('btc_price_at')
    .dropColumn('btc_review')
    .dropColumn('btc_resolved_by')
    .execute();
  await sql`alter table deposits add constraint deposits_method_check check (
    (method = 'bank' and status in ('pending', 'confirmed', 'rejected', 'expired'))
    or (method = 'bitcoin' and status in ('seen', 'held', 'confirmed')))`.execute(db);

  // SQLSTATE 23514 check_violation: the pair is incomplete at commit.
  await sql`
    create function bitcoin_deposit_paired() returns trigger language plpgsql as $$
    declare
      d uuid;
    begin
      if tg_table_name = 'deposits' then
        d := new.id;
      else
        d := old.deposit_id;
      end if;
      if exists (select 1 from deposits where id = d and method = 'bitcoin')
        and not exists (select 1 from bitcoin_deposits where deposit_id = d) then
        raise exception 'Bitcoin deposit % has no bitcoin_deposits row', d using errcode = 'check_violation';
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create constraint trigger deposits_bitcoin_paired after insert or update of method on deposits
    deferrable initially deferred for each row when (new.method = 'bitcoin')
    execute function bitcoin_deposit_paired()`.execute(db);
  await sql`create constraint trigger bitcoin_deposits_paired after delete or update of deposit_id on bitcoin_deposits
    deferrable initially deferred for each row execute function bitcoin_deposit_paired()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger bitcoin_deposits_paired on bitcoin_deposits`.execute(db);
  await sql`drop trigger deposits_bitcoin_paired on deposits`.execute(db);
  await sql`drop function bitcoin_deposit_paired()`.execute(db);
  await sql`alter table deposits drop constraint deposits_method_check`.execute(db);
  await db.schema
    .alterTable('deposits')
    .addColumn('btc_txid', 'text')
    .addColumn('btc_vout', 'integer')
    .addColumn('btc_sats', 'bigint')
    .addColumn('btc_address', 'text')
    .addColumn('btc_block_height', 'integer')
    .addColumn('btc_block_hash', 'text')
    .addColumn('btc_price_cents', 'bigint')
    .addColumn('btc_price_at', 'timestamptz')
    .addColumn('btc_review', 'text')
    .addColumn('btc_resolved_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .execute();
  await sql`update deposits d set btc_txid = b.txid, btc_vout = b.vout, btc_sats = b.sats, btc_address = b.address,
      btc_block_height = b.block_height, btc_block_hash = b.block_hash, btc_price_cents = b.price_cents,
      btc_price_at = b.price_at, btc_review = b.review, btc_resolved_by = b.resolved_by
    from bitcoin_deposits b where b.deposit_id = d.id`.execute(db);
  await sql`alter table deposits add constraint deposits_method_check check (
    (method = 'bank' and btc_txid is null)
    or (method = 'bitcoin' and btc_txid is not null and btc_vout >= 0 and btc_sats > 0 and btc_address is not null))`.execute(
    db,
  );
  await sql`create unique index deposits_btc_outpoint_key on deposits (btc_txid, btc_vout) where btc_txid is not null`.execute(
    db,
  );
  await sql`create index deposits_btc_waiting_idx on deposits (btc_block_height) where status in ('seen', 'held')`.execute(
    db,
  );
  await db.schema.dropTable('bitcoin_deposits').execute();
  await sql`alter table deposits drop constraint deposits_id_method_key`.execute(db);
}
