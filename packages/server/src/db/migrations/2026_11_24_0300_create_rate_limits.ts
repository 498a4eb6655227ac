import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// The attempt counters of the limits (sign-in, sign-up, money requests) when the product runs on PostgreSQL,
// so several instances share them. The columns are the ones rate-limiter-flexible's RateLimiterPostgres reads
// and writes (`key`, `points`, `expire` in epoch milliseconds); `key` is text, not the library's varchar(255),
// because it holds an email address after the bucket's prefix.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.createIndex('rate_limits_expire_idx').on('rate_limits').column('expire').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
