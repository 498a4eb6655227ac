import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Plans may be paused (#18): a paused plan takes no new investments while its positions run on, and an admin
// resumes it. The status check of 2026_11_23_1000_add_plan_terms gains 'paused'.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table plans drop constraint if exists plans_status_check`.execute(db);
  await db.schema
    .alterTable('plans')
    .addCheckConstraint('plans_status_check', sql`status in ('active', 'paused', 'archived')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update plans set status = 'active' where status = 'paused'`.execute(db);
  await sql`alter table plans drop constraint if exists plans_status_check`.execute(db);
  await db.schema
    .alterTable('plans')
    .addCheckConstraint('plans_status_check', sql`status in ('active', 'archived')`)
    .execute();
}
