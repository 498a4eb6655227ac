import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #33: who is behind each account. Identity tiers with limits on every way money leaves, reviewed with four eyes.
//   kyc_members       one row per member once they first submit: the tier they hold now (0 until approved), the
//                     verified legal name, date of birth and address, and when the relationship ended (closing)
//                     so retention can erase them; the row is the lock every withdrawal request takes.
//   kyc_documents     an uploaded file's metadata (the bytes are encrypted in a storage behind an interface,
//                     under storage_key); deleted_at once retention removed the file.
//   kyc_applications  one submission for a tier: the details given and its documents, its status
//                     (pending → awaiting_second_review → approved, or retry / rejected; superseded by a newer one).
//   withdrawals       gains usd_value_cents: what the request is worth in dollars when made (a bank or PayPal
//                     request: its amount; a Bitcoin one: its satoshis at the request's price), so limits
//                     add every way money leaves in one currency. Rows from before are valued at amount_cents.
//   kyc_reviews       every decision on an application, by whom; an admin approves an application at most once
//                     (so two approvals are two different admins); notes never reach the member.
// Calendar dates (date_of_birth, expires_on) are ISO 'YYYY-MM-DD' text: the same on both drivers, no time zone.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table withdrawals add column usd_value_cents bigint check (usd_value_cents >= 0)`.execute(db);
  await sql`update withdrawals set usd_value_cents = amount_cents`.execute(db);
  // What the limits count (kyc.limits.ts): one member's requests by time.
  await sql`create index withdrawals_user_created on withdrawals (user_id, created_at)`.execute(db);

  await sql`create table kyc_members (
    user_id uuid primary key references users (id),
    tier smallint not null default 0 check (tier between 0 and 2),
    legal_name text,
    date_of_birth text check (date_of_birth ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    address text,
    tier_changed_at timestamptz,
    relationship_ended_at timestamptz,
    personal_data_erased_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table kyc_documents (
    id uuid primary key,
    user_id uuid not null references users (id),
    kind text not null check (kind in ('identity', 'proof_of_address', 'selfie')),
    mime text not null check (mime in ('image/png', 'image/jpeg', 'application/pdf')),
    size_bytes integer not null check (size_bytes > 0),
    sha256 text not null,
    storage_key text not null unique,
    expires_on text check (expires_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index kyc_documents_user on kyc_documents (user_id, created_at)`.execute(db);

  await sql`create table kyc_applications (
    id uuid primary key,
    seq bigint generated always as identity unique,
    user_id uuid not null references users (id),
    tier smallint not null check (tier in (1, 2)),
    status text not null default 'pending'
      check (status in ('pending', 'awaiting_second_review', 'approved', 'retry', 'rejected', 'superseded')),
    legal_name text,
    date_of_birth text check (date_of_birth ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    address text,
    document_ids uuid[] not null default '{}',
    retry_item text,
    member_reason text,
    submitted_at timestamptz not null,
    decided_at timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index kyc_applications_status on kyc_applications (status, seq)`.execute(db);
  await sql`create index kyc_applications_user on kyc_applications (user_id, seq)`.execute(db);
  // One open application per member at a time.
  await sql`create unique index kyc_applications_one_open on kyc_applications (user_id)
    where status in ('pending', 'awaiting_second_review')`.execute(db);

  await sql`create table kyc_reviews (
    id uuid primary key,
    application_id uuid not null references kyc_applications (id),
    reviewer_id uuid not null references users (id),
    decision text not null check (decision in ('approve', 'retry', 'reject')),
    reason text,
    item text,
    note text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index kyc_reviews_one_approval on kyc_reviews (application_id, reviewer_id)
    where decision = 'approve'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table kyc_reviews`.execute(db);
  await sql`drop table kyc_applications`.execute(db);
  await sql`drop table kyc_documents`.execute(db);
  await sql`drop table kyc_members`.execute(db);
  await sql`drop index withdrawals_user_created`.execute(db);
  await sql`alter table withdrawals drop column usd_value_cents`.execute(db);
}
