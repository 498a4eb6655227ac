import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #34: a Bitcoin exception's detail as a message descriptor ({ id, message, values }), so an admin reads it in their
// own language; `detail` keeps the English text (rows written before this have only it).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bitcoin_exceptions').addColumn('detail_msg', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bitcoin_exceptions').dropColumn('detail_msg').execute();
}
