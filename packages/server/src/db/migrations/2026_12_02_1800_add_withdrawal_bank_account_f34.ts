import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #34: a bank payout's account, structured: an IBAN (with its BIC when given), or a US account number with its ABA
// routing number, checked before the request is taken; the payment file names them. `details` keeps the text the
// member and the admin read (and the legacy free text, from which an IBAN is taken where one is written).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('bank_iban', 'text')
    .addColumn('bank_bic', 'text')
    .addColumn('bank_routing_number', 'text')
    .addColumn('bank_account_number', 'text')
    .execute();
  // The platform's own bank record had a BIC column no screen could set, and no routing number: the payment file
  // named its bank NOTPROVIDED.
  await db.schema.alterTable('deposit_account').addColumn('routing_number', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deposit_account').dropColumn('routing_number').execute();
  await db.schema
    .alterTable('withdrawals')
    .dropColumn('bank_iban')
    .dropColumn('bank_bic')
    .dropColumn('bank_routing_number')
    .dropColumn('bank_account_number')
    .execute();
}
