import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #33: the security hold. users.security_changed_at is when the member last changed their password, their email
// address or their two-factor sign-in (on, off, new recovery codes); withdrawal requests are refused until
// SECURITY_HOLD_HOURS after it (kyc/kyc.hold.ts). Null: no change since this column exists (no hold).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column security_changed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column security_changed_at`.execute(db);
}
