import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #27: the Contact page's map is a link to a map service the operator chooses (an embedded frame would loosen the
// content security policy), kept with the other operator facts; null until an admin sets it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_settings').addColumn('map_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('map_url').execute();
}
