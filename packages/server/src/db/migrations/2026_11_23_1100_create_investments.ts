import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Investing: positions with a copy of their plan's terms, one row per paid period (the exactly-once key),
// the platform's own ledger (who pays interest and referral rewards), and one referral reward per referred user.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('invested_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`invested_cents >= 0`),
    )
    .execute();
  // Capacity is checked in the same UPDATE that adds a position's principal, so no race can pass it.
  await sql`alter table plans add constraint plans_invested_within_capacity
    check (capacity_cents is null or invested_cents <= capacity_cents)`.execute(db);

  await db.schema
    .createTable('investments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity().notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('plan_id', 'uuid', (c) => c.notNull().references('plans.id').onDelete('restrict'))
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('annual_rate_bps', 'integer', (c) => c.notNull().check(sql`annual_rate_bps >= 0`))
    .addColumn('term_months', 'integer', (c) => c.notNull().check(sql`term_months > 0`))
    .addColumn('payout_frequency', 'text', (c) =>
      c.notNull().check(sql`payout_frequency in ('monthly', 'quarterly', 'semi_annually', 'yearly', 'at_maturity')`),
    )
    .addColumn('early_exit_allowed', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'matured', 'redeemed')`),
    )
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('maturity_at', 'timestamptz', (c) => c.notNull())
    .addColumn('next_due_at', 'timestamptz')
    .addColumn('paid_periods', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('interest_paid_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('investments_user_idempotency_key', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('investments_user_seq_idx').on('investments').columns(['user_id', 'seq']).execute();
  await db.schema.createIndex('investments_plan_status_idx').on('investments').columns(['plan_id', 'status']).execute();
  // What the payout runner asks every minute: active positions with a period due.
  await sql`create index investments_due_idx on investments (next_due_at) where status = 'active'`.execute(db);

  await db.schema
    .createTable('investment_payouts')
    .addColumn('investment_id', 'uuid', (c) => c.notNull().references('investments.id').onDelete('restrict'))
    .addColumn('period', 'integer', (c) => c.notNull().check(sql`period >= 1`))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('interest_cents', 'bigint', (c) => c.notNull().check(sql`interest_cents >= 0`))
    .addColumn('principal_cents', 'bigint', (c) => c.notNull().check(sql`principal_cents >= 0`))
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    // The exactly-once key: a period can be paid once, whatever the runners, restarts or retries.
    .addPrimaryKeyConstraint('investment_payouts_pkey', ['investment_id', 'period'])
    .execute();

  await db.schema
    .createTable('platform_ledger')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity().notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('interest', 'referral_reward')`))
    /** Cents the platform paid out (positive). */
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('platform_ledger_kind_ref', ['kind', 'ref_id'])
    .execute();

  await db.schema
    .createTable('referral_rewards')
    // Once per referred user, whatever the retries.
    .addColumn('referred_user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('restrict'))
    .addColumn('referrer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('investment_id', 'uuid', (c) => c.notNull().references('investments.id').onDelete('restrict'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('referral_rewards_referrer_idx').on('referral_rewards').column('referrer_id').execute();

  await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in
    ('deposit', 'withdrawal_hold', 'withdrawal_release', 'adjustment', 'investment', 'interest', 'principal_return', 'referral_reward'))`.execute(
    db,
  );
  await sql`alter table ledger_entries drop constraint ledger_entries_ref_type_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_ref_type_check check (ref_type in
    ('deposit', 'withdrawal', 'adjustment', 'investment', 'referral'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_entries drop constraint ledger_entries_ref_type_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_ref_type_check check (ref_type in ('deposit', 'withdrawal', 'adjustment'))`.execute(
    db,
  );
  await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in ('deposit', 'withdrawal_hold', 'withdrawal_release', 'adjustment'))`.execute(
    db,
  );
  for (const t of ['referral_rewards', 'platform_ledger', 'investment_payouts', 'investments']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`alter table plans drop constraint plans_invested_within_capacity`.execute(db);
  await db.schema.alterTable('plans').dropColumn('invested_cents').execute();
}
