import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #34: a crypto payout approved with a Bitcoin transaction id is `sent` (the status the bank payouts already have)
// until the chain shows it paying the member's address at least the satoshis the admin declared, then `paid`.
// `sent` is in the status CHECK since the bank statements (2026_11_27_1500); what is new is the declared amount,
// when the payout checker last looked and when it saw the payment confirmed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('payout_sats', 'bigint', (c) => c.check(sql`payout_sats > 0`))
    .addColumn('payout_checked_at', 'timestamptz')
    .addColumn('payout_confirmed_at', 'timestamptz')
    .execute();
  // A crypto payout waits for the network only with the amount it must pay (the checker compares against it).
  await sql`alter table withdrawals add constraint withdrawals_crypto_sent_has_sats
    check (method <> 'crypto' or status <> 'sent' or (payout_sats is not null and payout_reference is not null))`.execute(
    db,
  );
  // One transaction pays one withdrawal to an address: the same txid given for a second payout to the same
  // address would make one output pay twice.
  await sql`create unique index withdrawals_crypto_txid_address_uniq on withdrawals (payout_reference, details)
    where method = 'crypto' and status in ('sent', 'paid') and payout_sats is not null`.execute(db);
  // The checker's queue: crypto payouts waiting for the network, least recently checked first.
  await sql`create index withdrawals_crypto_sent_idx on withdrawals (payout_checked_at nulls first, id)
    where method = 'crypto' and status = 'sent'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists withdrawals_crypto_sent_idx`.execute(db);
  await sql`drop index if exists withdrawals_crypto_txid_address_uniq`.execute(db);
  await sql`alter table withdrawals drop constraint if exists withdrawals_crypto_sent_has_sats`.execute(db);
  await db.schema
    .alterTable('withdrawals')
    .dropColumn('payout_sats')
    .dropColumn('payout_checked_at')
    .dropColumn('payout_confirmed_at')
    .execute();
}
