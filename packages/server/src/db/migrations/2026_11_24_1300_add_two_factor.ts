import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Two-factor sign-in (#10): the TOTP secret (encrypted with a key derived from APP_SECRET), the one being
// enrolled, the last accepted time step (a code is accepted once), and the hashed one-time recovery codes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_pending_secret', 'text')
    .addColumn('two_factor_enabled_at', 'timestamptz')
    .addColumn('two_factor_last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('two_factor_recovery_codes_user_hash_key', ['user_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_recovery_codes').ifExists().execute();
  await db.schema
    .alterTable('users')
    .dropColumn('two_factor_last_step')
    .dropColumn('two_factor_enabled_at')
    .dropColumn('two_factor_pending_secret')
    .dropColumn('two_factor_secret')
    .execute();
}
