import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #34: a crypto payout that stays `sent` (its transaction never seen paying the member) can be released: one admin
// proposes to give the held money back to the member's balance, a second approves (approval kind
// `crypto_payout_release`). The kind CHECK is replaced whole: every kind so far (2026_12_02_0300_create_approvals_a27)
// plus the new one.
const KINDS_BEFORE = ['balance_adjustment', 'deposit_confirm', 'deposit_account', 'csv_mapping'];
const KINDS = [...KINDS_BEFORE, 'crypto_payout_release'];

async function kindCheck(db: Kysely<any>, kinds: string[]): Promise<void> {
  await sql`alter table approvals drop constraint if exists approvals_kind_check`.execute(db);
  await sql`alter table approvals add constraint approvals_kind_check check (kind in (${sql.join(
    kinds.map((k) => sql.lit(k)),
  )}))`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await kindCheck(db, KINDS);
  // One pending release per payout: a second proposal is refused while the first waits.
  await sql`create unique index approvals_one_pending_release_idx on approvals ((payload->>'withdrawalId'))
    where kind = 'crypto_payout_release' and status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists approvals_one_pending_release_idx`.execute(db);
  await sql`delete from approvals where kind = 'crypto_payout_release'`.execute(db);
  await kindCheck(db, KINDS_BEFORE);
}
