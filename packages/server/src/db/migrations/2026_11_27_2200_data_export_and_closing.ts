import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #21 "Your data": a member's data export (a ZIP built in the background, downloaded once within 24 hours through
// a link whose token is stored only as its sha256) and the closing of an account by its owner (closed_at).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'building', 'ready', 'failed')`),
    )
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    // A builder holds the row until then; a builder that died is replaced after it.
    .addColumn('lease_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    // sha256 (hex) of the current download link's token; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('file', 'bytea')
    .addColumn('file_bytes', 'integer')
    .addColumn('error', 'text')
    .execute();
  // One export in preparation per member at a time (pending or building).
  await sql`create unique index data_exports_one_open_per_user on data_exports (user_id)
    where status in ('pending', 'building')`.execute(db);
  await db.schema
    .createIndex('data_exports_user_idx')
    .on('data_exports')
    .columns(['user_id', 'requested_at'])
    .execute();
  // The runner's claim reads only the open rows.
  await sql`create index data_exports_open_idx on data_exports (requested_at) where status in ('pending', 'building')`.execute(
    db,
  );

  await db.schema.alterTable('users').addColumn('closed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('closed_at').execute();
  await db.schema.dropTable('data_exports').ifExists().execute();
}
