import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Accounts (#10), inbox part: sessions get an id the client may see (the token hash never leaves the server)
// and the user agent and address they were started from; the contact form's messages; newsletter subscribers
// with double opt-in (tokens stored hashed).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_id_key').on('sessions').column('id').unique().execute();
  // The devices a user has signed in from (user agent + address bucket: IPv4 as is, IPv6 by its /64), kept
  // after their sessions end, so a sign-in from a new one can be told by mail.
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pkey', ['user_id', 'user_agent', 'address'])
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('replied_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // Stored lower-cased, so unique means unique case-insensitively.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('confirm_expires_at', 'timestamptz')
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('unsubscribed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_subscribers').ifExists().execute();
  await db.schema.dropTable('contact_messages').ifExists().execute();
  await db.schema.dropTable('known_devices').ifExists().execute();
  await db.schema.dropIndex('sessions_id_key').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('ip').dropColumn('user_agent').dropColumn('id').execute();
}
