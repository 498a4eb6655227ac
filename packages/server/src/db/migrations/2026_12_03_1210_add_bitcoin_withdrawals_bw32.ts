import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #32: a Bitcoin withdrawal (method 'bitcoin') takes BTC from the member's holding, not dollars: `sats` is what the
// address receives, `fee_sats` the flat withdrawal fee the member pays on top (both held in the member's BTC
// withdrawal hold from the request on), `amount_cents` is 0 (no dollars move). `details` is the address.
// The method CHECK is replaced whole: the methods so far (2026_11_21_0600_create_core_tables) plus 'bitcoin'.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table withdrawals add column sats bigint`.execute(db);
  await sql`alter table withdrawals add column fee_sats bigint`.execute(db);
  await sql`alter table withdrawals drop constraint withdrawals_method_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_method_check
    check (method in ('bank', 'paypal', 'crypto', 'bitcoin'))`.execute(db);
  await sql`alter table withdrawals drop constraint withdrawals_amount_cents_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_amount_cents_check
    check (amount_cents > 0 or (method = 'bitcoin' and amount_cents = 0))`.execute(db);
  // A Bitcoin withdrawal has its satoshis (more than 0) and its fee (0 or more); no other withdrawal has either.
  await sql`alter table withdrawals add constraint withdrawals_bitcoin_sats check (
    (method = 'bitcoin') = (sats is not null and fee_sats is not null)
    and (sats is null or sats > 0) and (fee_sats is null or fee_sats >= 0))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from withdrawals where method = 'bitcoin'`.execute(db);
  await sql`alter table withdrawals drop constraint withdrawals_bitcoin_sats`.execute(db);
  await sql`alter table withdrawals drop constraint withdrawals_amount_cents_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_amount_cents_check check (amount_cents > 0)`.execute(db);
  await sql`alter table withdrawals drop constraint withdrawals_method_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_method_check
    check (method in ('bank', 'paypal', 'crypto'))`.execute(db);
  await sql`alter table withdrawals drop column fee_sats`.execute(db);
  await sql`alter table withdrawals drop column sats`.execute(db);
}
