import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
//
// Monthly account statements (#21). One row per member and month (the first day of the month, UTC), unique on
// (user_id, month): issued once by the background job, never changed (a trigger refuses UPDATE; a correction is
// a new ledger entry, shown on next month's statement). DELETE stays possible for erasing a closed account.
// The figures are integer cents; the CSV text and the PDF bytes are stored as issued.
//
// The job's work list: one row per month being issued (`account_statement_runs`), split into batches of members
// by sign-up number (`account_statement_batches`). An instance claims a batch with FOR UPDATE SKIP LOCKED and a
// lease (claimed_until); a batch is done once every member in it has been looked at. A stopped or crashed
// instance's batch is taken again after its lease; the unique key keeps every statement once either way.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_statements')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('month', 'date', (c) => c.notNull().check(sql`extract(day from month) = 1`))
    .addColumn('opening_cents', 'bigint', (c) => c.notNull())
    .addColumn('closing_cents', 'bigint', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('credits_cents', 'bigint', (c) => c.notNull())
    .addColumn('debits_cents', 'bigint', (c) => c.notNull())
    .addColumn('csv', 'text', (c) => c.notNull())
    .addColumn('pdf', 'bytea', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('account_statements_adds_up', sql`opening_cents + credits_cents - debits_cents = closing_cents`)
    .addUniqueConstraint('account_statements_user_month_key', ['user_id', 'month'])
    .execute();

  await sql`
    create function refuse_account_statement_change() returns trigger language plpgsql as $$
    begin
      raise exception 'account_statements are issued once: UPDATE is refused'
        using errcode = 'restrict_violation',
              hint = 'A statement never changes after it is issued; a correction is a new ledger entry next month.';
    end
    $$`.execute(db);
  await sql`
    create trigger account_statements_never_change before update on account_statements
    for each row execute function refuse_account_statement_change()`.execute(db);

  await db.schema
    .createTable('account_statement_runs')
    .addColumn('month', 'date', (c) => c.primaryKey())
    .addColumn('batch_count', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('account_statement_batches')
    .addColumn('month', 'date', (c) => c.notNull().references('account_statement_runs.month').onDelete('cascade'))
    .addColumn('batch_no', 'integer', (c) => c.notNull())
    // Members with first_seq <= seq < end_seq; the last batch has no end (null).
    .addColumn('first_seq', 'bigint', (c) => c.notNull())
    .addColumn('end_seq', 'bigint')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('done_at', 'timestamptz')
    .addColumn('issued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('account_statement_batches_pkey', ['month', 'batch_no'])
    .execute();
  await sql`create index account_statement_batches_open_idx on account_statement_batches (month, batch_no) where done_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_statement_batches').ifExists().execute();
  await db.schema.dropTable('account_statement_runs').ifExists().execute();
  await db.schema.dropTable('account_statements').ifExists().execute();
  await sql`drop function if exists refuse_account_statement_change()`.execute(db);
}
