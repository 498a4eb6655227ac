import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Market feed (#11): the last good coin list and its refresh lease, shared by every instance on one database,
// so the feed is asked once per TTL however many instances serve it. One row per feed URL (data fetched from
// another feed is never served for this one). The lease (`refreshing_until`, `refreshing_by`) is taken with a
// conditional UPDATE: it works the same on PGlite, and a process that dies mid-refresh only holds it until
// `refreshing_until`. `failures` and `next_attempt_at` are the shared back-off after failed calls.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('market_cache')
    .addColumn('feed_url', 'text', (c) => c.primaryKey())
    // The coin list as JSON text (contract fields only), exactly as it was serialised once after the fetch.
    .addColumn('coins_json', 'text')
    // sha256 of coins_json: instances compare it to know whether their copy is the current one.
    .addColumn('etag', 'text')
    .addColumn('fetched_at', 'timestamptz')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('refreshing_until', 'timestamptz')
    .addColumn('refreshing_by', 'text')
    .addCheckConstraint(
      'market_cache_data_whole',
      sql`(coins_json is null) = (etag is null) and (etag is null) = (fetched_at is null)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('market_cache').ifExists().execute();
}
