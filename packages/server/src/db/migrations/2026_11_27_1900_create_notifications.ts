import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// The notification centre (#21): one row per event a member should know of, written in the event's own
// transaction; (user_id, event_key) makes it once per event, and the same key keeps its e-mail from being
// queued twice. `in_app` false: the member turned the in-app channel of that category off; the row still
// exists (it is the once-per-event key) but the bell and the list leave it out.
// Preferences: one row per member and category the member has changed; absent rows mean the defaults.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // Ties of created_at (a catch-up run pays several periods at one instant) keep the order they happened in.
    .addColumn('seq', 'bigint', (c) => c.generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('security', 'money', 'investments', 'statements', 'marketing')`),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('link', 'text')
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('in_app', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addUniqueConstraint('notifications_once_per_event', ['user_id', 'event_key'])
    .execute();
  // The bell: `count(*) where user_id = $1 and read_at is null and in_app` reads this index only.
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .column('user_id')
    .where(sql<boolean>`read_at is null and in_app`)
    .execute();
  // The list: newest first, keyset paging on (created_at, seq).
  await db.schema
    .createIndex('notifications_list_idx')
    .on('notifications')
    .expression(sql`user_id, created_at desc, seq desc`)
    .where(sql.ref('in_app'), '=', true)
    .execute();
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('security', 'money', 'investments', 'statements', 'marketing')`),
    )
    .addColumn('in_app', 'boolean', (c) => c.notNull())
    .addColumn('email', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pkey', ['user_id', 'category'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_preferences').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
