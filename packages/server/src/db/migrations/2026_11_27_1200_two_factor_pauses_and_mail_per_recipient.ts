import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #17 account holes: wrong two-factor codes are counted per account (after 10, sign-in pauses with growing
// waits), and account mails are counted per recipient address (at most 5 an hour), which reads the outbox by
// address and time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('two_factor_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('two_factor_paused_until', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('mail_outbox_recipient_idx')
    .on('mail_outbox')
    .expression(sql`lower(to_address), created_at`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_recipient_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('two_factor_paused_until').dropColumn('two_factor_failures').execute();
}
