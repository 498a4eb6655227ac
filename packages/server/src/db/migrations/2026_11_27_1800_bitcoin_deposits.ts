import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Bitcoin deposits (#20). A payment to a member's address is a deposits row (method 'bitcoin') from the moment
// it is seen: `seen` (0 cents until credited), `held` (enough confirmations, no fresh price), `confirmed`
// (credited once). Its outpoint (txid, vout) is unique. Addresses derived from the operator's xpub are stored
// per member (unique address and script: the watcher's index); the watcher keeps one state row (last finished
// block, the tip, the last error, the scan lease) and the hashes of recent blocks, to find a fork point.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deposits')
    .addColumn('method', 'text', (c) => c.notNull().defaultTo('bank'))
    .addColumn('btc_txid', 'text')
    .addColumn('btc_vout', 'integer')
    .addColumn('btc_sats', 'bigint')
    .addColumn('btc_address', 'text')
    .addColumn('btc_block_height', 'integer')
    .addColumn('btc_block_hash', 'text')
    .addColumn('btc_price_cents', 'bigint')
    .addColumn('btc_price_at', 'timestamptz')
    .execute();
  await sql`alter table deposits add constraint deposits_method_check check (
    (method = 'bank' and btc_txid is null)
    or (method = 'bitcoin' and btc_txid is not null and btc_vout >= 0 and btc_sats > 0 and btc_address is not null))`.execute(
    db,
  );
  await sql`alter table deposits drop constraint deposits_status_check`.execute(db);
  await sql`alter table deposits add constraint deposits_status_check
    check (status in ('pending', 'confirmed', 'rejected', 'expired', 'seen', 'held'))`.execute(db);
  // A Bitcoin payment has no dollar amount until it is credited.
  await sql`alter table deposits drop constraint deposits_amount_cents_check`.execute(db);
  await sql`alter table deposits add constraint deposits_amount_cents_check
    check (amount_cents > 0 or (method = 'bitcoin' and status in ('seen', 'held') and amount_cents = 0))`.execute(db);
  await sql`create unique index deposits_btc_outpoint_key on deposits (btc_txid, btc_vout) where btc_txid is not null`.execute(
    db,
  );
  await sql`create index deposits_btc_waiting_idx on deposits (btc_block_height) where status in ('seen', 'held')`.execute(
    db,
  );

  await db.schema
    .createTable('bitcoin_addresses')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('restrict'))
    .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity().notNull().unique())
    .addColumn('derivation_index', 'integer', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`derivation_index >= 0`),
    )
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('script_hex', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bitcoin_watcher')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('height', 'integer')
    .addColumn('block_hash', 'text')
    .addColumn('tip_height', 'integer')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .execute();
  await sql`insert into bitcoin_watcher (id) values (1)`.execute(db);

  await db.schema
    .createTable('bitcoin_blocks')
    .addColumn('height', 'integer', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bitcoin_exceptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('reorged', 'dust', 'payout_mismatch')`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('vout', 'integer')
    .addColumn('sats', 'bigint')
    .addColumn('amount_cents', 'bigint')
    .addColumn('withdrawal_id', 'uuid', (c) => c.references('withdrawals.id').onDelete('restrict'))
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bitcoin_exceptions_created_idx')
    .on('bitcoin_exceptions')
    .columns(['created_at'])
    .execute();

  // A Bitcoin withdrawal marked paid is checked once its transaction is found (or flagged).
  await db.schema
    .createTable('bitcoin_payout_checks')
    .addColumn('withdrawal_id', 'uuid', (c) => c.primaryKey().references('withdrawals.id').onDelete('restrict'))
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('ok', 'boolean', (c) => c.notNull())
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bitcoin_payout_checks').execute();
  await db.schema.dropTable('bitcoin_exceptions').execute();
  await db.schema.dropTable('bitcoin_blocks').execute();
  await db.schema.dropTable('bitcoin_watcher').execute();
  await db.schema.dropTable('bitcoin_addresses').execute();
  await sql`drop index deposits_btc_waiting_idx`.execute(db);
  await sql`drop index deposits_btc_outpoint_key`.execute(db);
  await sql`alter table deposits drop constraint deposits_amount_cents_check`.execute(db);
  await sql`alter table deposits drop constraint deposits_status_check`.execute(db);
  await sql`alter table deposits drop constraint deposits_method_check`.execute(db);
  // Bitcoin rows cannot be kept without their columns; the ledger keeps their credits.
  await sql`delete from deposits where method = 'bitcoin'`.execute(db);
  await sql`alter table deposits add constraint deposits_amount_cents_check check (amount_cents > 0)`.execute(db);
  await sql`alter table deposits add constraint deposits_status_check
    check (status in ('pending', 'confirmed', 'rejected', 'expired'))`.execute(db);
  await db.schema
    .alterTable('deposits')
    .dropColumn('method')
    .dropColumn('btc_txid')
    .dropColumn('btc_vout')
    .dropColumn('btc_sats')
    .dropColumn('btc_address')
    .dropColumn('btc_block_height')
    .dropColumn('btc_block_hash')
    .dropColumn('btc_price_cents')
    .dropColumn('btc_price_at')
    .execute();
}
