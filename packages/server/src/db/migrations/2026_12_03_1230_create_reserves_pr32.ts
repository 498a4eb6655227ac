import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #32, the reserves half:
//   bitcoin_utxos          every output paying an address of BTC_XPUB (external chain m/0/i, change chain m/1/i)
//                          the watcher has seen, confirmed (confirmed_height) or not (null), spent by a
//                          transaction it has seen (spent_by_txid, spent_height while that one is in a block) or
//                          not; reserved_by is the payout batch that will spend it (the PSBT withdrawals, later).
//                          A row whose transaction left the chain and the mempool is deleted.
//   reserve_declarations   what the operator declares to hold of an asset the platform cannot read itself (not
//                          BTC, read from the chain; not USD, read from the bank statements), one row per asset.
//   reserve_snapshots      one row per asset per closed month: liabilities, treasury and reserves as they were
//                          when the month was closed (the primary key makes it once).
//   liability_trees        the month's Merkle-sum tree of members' balances: its root (hash and sums).
//   liability_nodes        every node of that tree, level 0 the leaves, so a proof is log2(n) reads.
//   liability_leaves       which leaf is whose, with its random leafId and salt (shown only to that member).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table bitcoin_utxos (
      txid text not null check (txid ~ '^[0-9a-f]{64}$'),
      vout integer not null check (vout >= 0),
      address text not null,
      script_hex text not null,
      chain smallint not null check (chain in (0, 1)),
      derivation_index integer not null check (derivation_index >= 0),
      value_sats bigint not null check (value_sats >= 0),
      confirmed_height integer,
      spent_by_txid text check (spent_by_txid ~ '^[0-9a-f]{64}$'),
      spent_height integer,
      reserved_by uuid,
      first_seen_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (txid, vout),
      check (spent_height is null or spent_by_txid is not null)
    )`.execute(db);
  // The reserves read the unspent, confirmed ones; the watcher checks the ones not yet in a block.
  await sql`create index bitcoin_utxos_unspent on bitcoin_utxos (address) where spent_by_txid is null`.execute(db);
  await sql`create index bitcoin_utxos_unconfirmed on bitcoin_utxos (txid)
    where confirmed_height is null or (spent_by_txid is not null and spent_height is null)`.execute(db);
  await sql`create index bitcoin_utxos_spent_by on bitcoin_utxos (spent_by_txid) where spent_by_txid is not null`.execute(
    db,
  );

  await sql`
    create table reserve_declarations (
      asset text primary key references assets(code),
      amount numeric(78, 0) not null check (amount >= 0),
      note text,
      declared_by uuid references users(id) on delete set null,
      declared_at timestamptz not null
    )`.execute(db);

  await sql`
    create table reserve_snapshots (
      month text not null check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      asset text not null references assets(code),
      liabilities numeric(78, 0) not null check (liabilities >= 0),
      treasury numeric(78, 0) not null,
      reserves numeric(78, 0),
      source text not null check (source in ('chain', 'bank_statement', 'declared')),
      reserves_as_of timestamptz,
      taken_at timestamptz not null,
      primary key (month, asset)
    )`.execute(db);

  await sql`
    create table liability_trees (
      month text primary key check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      root_hash text not null check (root_hash ~ '^[0-9a-f]{64}$'),
      root_sums text not null,
      leaf_count integer not null check (leaf_count > 0),
      levels integer not null check (levels > 0),
      built_at timestamptz not null
    )`.execute(db);
  await sql`
    create table liability_nodes (
      month text not null references liability_trees(month) on delete cascade,
      level integer not null check (level >= 0),
      position integer not null check (position >= 0),
      hash text not null,
      sums text not null,
      primary key (month, level, position)
    )`.execute(db);
  await sql`
    create table liability_leaves (
      month text not null references liability_trees(month) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      position integer not null check (position >= 0),
      leaf_id text not null,
      salt text not null,
      primary key (month, user_id),
      unique (month, position),
      unique (month, leaf_id)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table liability_leaves`.execute(db);
  await sql`drop table liability_nodes`.execute(db);
  await sql`drop table liability_trees`.execute(db);
  await sql`drop table reserve_snapshots`.execute(db);
  await sql`drop table reserve_declarations`.execute(db);
  await sql`drop table bitcoin_utxos`.execute(db);
}
