import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Four eyes on money a person decides (#27): a credit no outside record proves (a balance adjustment, a
// deposit confirmed by hand), a change of the deposit account and a change of a bank's CSV mapping are
// proposals that a second administrator approves. The database itself refuses a decision by the proposer.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('approvals')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('balance_adjustment', 'deposit_confirm', 'deposit_account', 'csv_mapping')`),
    )
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('amount_cents', 'bigint')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('proposed_by', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // The proposer never approves their own proposal (they may withdraw it: a rejection).
    .addCheckConstraint('approvals_second_person', sql`status <> 'approved' or decided_by <> proposed_by`)
    .addCheckConstraint(
      'approvals_decided_together',
      sql`(status = 'pending') = (decided_by is null) and (status = 'pending') = (decided_at is null)`,
    )
    .execute();
  // One pending confirmation per deposit: proposing again answers the pending one.
  await sql`create unique index approvals_one_pending_deposit_idx on approvals ((payload->>'depositId'))
    where kind = 'deposit_confirm' and status = 'pending'`.execute(db);
  await db.schema
    .createIndex('approvals_pending_created_idx')
    .on('approvals')
    .column('created_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // Withdrawal review asks: did this admin take part in money credited to this member?
  await db.schema.createIndex('approvals_user_idx').on('approvals').columns(['user_id', 'status']).execute();
  // A Bitcoin payment to a closed account is not credited but listed for admins to return.
  await sql`alter table bitcoin_exceptions drop constraint if exists bitcoin_exceptions_kind_check`.execute(db);
  await sql`alter table bitcoin_exceptions add constraint bitcoin_exceptions_kind_check
    check (kind in ('reorged', 'dust', 'payout_mismatch', 'closed_account'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from bitcoin_exceptions where kind = 'closed_account'`.execute(db);
  await sql`alter table bitcoin_exceptions drop constraint if exists bitcoin_exceptions_kind_check`.execute(db);
  await sql`alter table bitcoin_exceptions add constraint bitcoin_exceptions_kind_check
    check (kind in ('reorged', 'dust', 'payout_mismatch'))`.execute(db);
  await db.schema.dropTable('approvals').ifExists().execute();
}
