import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #29: one row per background job (payouts, statements, mail, ...). The instance running a tick holds the lease
// (`holder` until `lease_until`, renewed while the tick runs, cleared when it ends); another instance takes it only
// when it is free or has run out (its holder died). The last start, finish and error are kept for admins.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_started_at', 'timestamptz')
    .addColumn('last_finished_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addCheckConstraint('job_leases_held', sql`(holder is null) = (lease_until is null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
