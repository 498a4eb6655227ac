import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #22: a notification's title and body as message descriptors ({ id, message, values }), so each reader sees
// them in their own language; `title` and `body` keep the English text (rows written before this have only it).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('title_msg', 'jsonb').addColumn('body_msg', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('body_msg').dropColumn('title_msg').execute();
}
