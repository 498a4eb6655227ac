import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #34: the pain.001 payment file of each payout batch, kept as it was exported (the exact bytes sent to the bank),
// so an admin can download it again. Files exported before this migration were not kept and are not listed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_files')
    .addColumn('file_name', 'text', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('payout_count', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_files_created_at').on('payment_files').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_files').execute();
}
