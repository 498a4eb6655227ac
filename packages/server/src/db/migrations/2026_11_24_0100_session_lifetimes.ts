import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Sessions expire by an idle and an absolute limit that depend on the user's role when the session is
// looked up, so a session keeps when it started (created_at, already there) and when it was last used;
// the fixed expires_at goes. Users can be disabled (their balances and history stay).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A session that existed before this migration counts as used when it started.
  await sql`update sessions set last_seen_at = created_at`.execute(db);
  await db.schema.alterTable('sessions').dropColumn('expires_at').execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
