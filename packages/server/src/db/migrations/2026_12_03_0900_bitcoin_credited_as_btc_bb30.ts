import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #30: a Bitcoin deposit is credited as BTC (the satoshis received, on the member's BTC account of the journal),
// not converted to dollars; converting is a trade. What a credit was is now stated on its chain row:
//   credited_asset  'USD' (credited in dollars at the price of that moment: every deposit confirmed before this
//                   migration, set here), 'BTC' (credited as the satoshis received: every credit after it); null
//                   while not credited.
//   value_cents     for a BTC credit, its dollar value at the market price seen when it was credited
//                   (informational, shown as "≈ $X"; the price and its time are price_cents / price_at); null
//                   when no fresh price was at hand. A USD credit's dollars stay deposits.amount_cents.
// deposits.amount_cents keeps meaning the dollars credited to the member's USD balance: 0 for a BTC credit, so
// every sum of confirmed deposits in dollars (the platform check, the whole books, the admin figures) stays true.
// deposits_amount_cents_check lets a confirmed Bitcoin deposit have 0 (it allowed 0 only while seen or held).
// Nothing credited before is rewritten: its amount, price and ledger movement stay as they were.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table bitcoin_deposits
      add column credited_asset text check (credited_asset in ('USD', 'BTC')),
      add column value_cents bigint check (value_cents >= 0),
      add constraint bitcoin_deposits_value_of_btc check (value_cents is null or credited_asset = 'BTC')`.execute(db);
  // A confirmed Bitcoin deposit now credits no dollars: its amount_cents is 0 (was: only while seen or held).
  await sql`alter table deposits drop constraint deposits_amount_cents_check`.execute(db);
  await sql`alter table deposits add constraint deposits_amount_cents_check
    check (amount_cents > 0 or (method = 'bitcoin' and amount_cents = 0))`.execute(db);
  await sql`
    update bitcoin_deposits b set credited_asset = 'USD'
      from deposits d
     where d.id = b.deposit_id and d.status = 'confirmed'`.execute(db);
}

/** Refused once a deposit was credited as BTC: the columns before this one cannot say so. */
export async function down(db: Kysely<any>): Promise<void> {
  const r = await sql<{ n: string | number }>`
    select count(*) as n from bitcoin_deposits where credited_asset = 'BTC'`.execute(db);
  if (Number(r.rows[0]!.n) > 0)
    throw new Error('2026_12_03_0900_bitcoin_credited_as_btc_bb30: deposits were credited as BTC; cannot go back');
  await sql`alter table deposits drop constraint deposits_amount_cents_check`.execute(db);
  await sql`alter table deposits add constraint deposits_amount_cents_check
    check (amount_cents > 0 or (method = 'bitcoin' and status in ('seen', 'held') and amount_cents = 0))`.execute(db);
  await sql`
    alter table bitcoin_deposits
      drop constraint bitcoin_deposits_value_of_btc,
      drop column value_cents,
      drop column credited_asset`.execute(db);
}
