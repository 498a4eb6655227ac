import { type Kysely, sql } from 'kysely';

// Bank money that reconciles itself (#19).
//
// - Every member has a permanent ISO 11649 deposit reference, `RF` + two check digits + `VS` + ten digits. The
//   ten digits are the member's `seq` (unique, never reused) scrambled by a bijection (multiplying by an odd
//   number not divisible by 5, modulo 10^10), so references are unique without looking sequential. It is a
//   stored generated column: existing members get theirs now, new members at insert, and nobody can change it.
//   The check digits are ISO 7064 MOD 97-10 of `VS<digits>RF00` with letters as numbers (V=31, S=28, R=27,
//   F=15); the same arithmetic lives in modules/statement/rf-reference.ts (tested against each other).
// - Statements, their lines (unique on bank account + the bank's transaction id), the uses of a line (one per
//   line: the primary key), CSV column mappings per bank account.
// - Deposits may name the statement line that proves them; bank withdrawals gain `approved` (waiting for the
//   payment file), `sent` (in a pain.001 file, with its end-to-end id) and `returned` (the bank sent it back).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function vestora_rf_reference(seq bigint) returns text language sql immutable parallel safe as $$
      select 'RF' || lpad((98 - mod(('3128' || body || '271500')::numeric, 97))::text, 2, '0') || 'VS' || body
      from (select lpad(mod(seq::numeric * 2654435761, 10000000000)::text, 10, '0') as body) b
    $$`.execute(db);
  await sql`alter table users add column deposit_reference text generated always as (vestora_rf_reference(seq)) stored`.execute(
    db,
  );
  await sql`create unique index users_deposit_reference_key on users (deposit_reference)`.execute(db);

  await db.schema
    .alterTable('deposit_account')
    .addColumn('bic', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .execute();

  await db.schema
    .createTable('statements')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity().notNull().unique())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('camt053', 'csv', 'mt940')`))
    .addColumn('bank_statement_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('opening_cents', 'bigint', (c) => c.notNull())
    .addColumn('closing_cents', 'bigint', (c) => c.notNull())
    .addColumn('from_date', 'text')
    .addColumn('to_date', 'text')
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('duplicate_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('proposed')
        .check(sql`status in ('proposed', 'approved')`),
    )
    .addColumn('imported_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('approved_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull())
    .addColumn('approved_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('statements_account_seq_idx').on('statements').columns(['bank_account', 'seq']).execute();

  await db.schema
    .createTable('statement_lines')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity().notNull().unique())
    .addColumn('statement_id', 'uuid', (c) => c.notNull().references('statements.id').onDelete('restrict'))
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('bank_tx_id', 'text', (c) => c.notNull())
    .addColumn('booking_date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents <> 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('end_to_end_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('counterparty_name', 'text')
    .addColumn('counterparty_account', 'text')
    .addColumn('is_return', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('matched', 'applied', 'exception', 'assigned', 'dismissed')`),
    )
    .addColumn('match_kind', 'text', (c) => c.check(sql`match_kind in ('credit', 'settle', 'return')`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('deposit_id', 'uuid', (c) => c.references('deposits.id').onDelete('restrict'))
    .addColumn('withdrawal_id', 'uuid', (c) => c.references('withdrawals.id').onDelete('restrict'))
    .addColumn('reason', 'text')
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('statement_lines_account_bank_tx_key', ['bank_account', 'bank_tx_id'])
    .execute();
  await db.schema
    .createIndex('statement_lines_statement_seq_idx')
    .on('statement_lines')
    .columns(['statement_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('statement_lines_status_seq_idx')
    .on('statement_lines')
    .columns(['status', 'seq'])
    .execute();

  // A line is used once: one row per line (primary key), and one line per use of a deposit or withdrawal.
  await db.schema
    .createTable('statement_line_uses')
    .addColumn('line_id', 'uuid', (c) => c.primaryKey().references('statement_lines.id').onDelete('restrict'))
    .addColumn('use', 'text', (c) => c.notNull().check(sql`use in ('deposit', 'settle', 'return')`))
    .addColumn('target_id', 'uuid', (c) => c.notNull())
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('statement_line_uses_use_target_key', ['use', 'target_id'])
    .execute();

  await db.schema
    .createTable('statement_csv_mappings')
    .addColumn('bank_account', 'text', (c) => c.primaryKey())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('deposits')
    .addColumn('statement_line_id', 'uuid', (c) => c.references('statement_lines.id').onDelete('restrict'))
    .addColumn('assigned_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .execute();
  await sql`create unique index deposits_statement_line_key on deposits (statement_line_id) where statement_line_id is not null`.execute(
    db,
  );

  // A report that no statement line confirms within REPORT_EXPIRY_DAYS expires.
  await sql`alter table deposits drop constraint deposits_status_check`.execute(db);
  await sql`alter table deposits add constraint deposits_status_check
    check (status in ('pending', 'confirmed', 'rejected', 'expired'))`.execute(db);
  await sql`create index deposits_pending_created_idx on deposits (created_at) where status = 'pending'`.execute(db);

  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check
    check (status in ('pending', 'approved', 'sent', 'paid', 'returned', 'rejected', 'cancelled'))`.execute(db);
  await db.schema
    .alterTable('withdrawals')
    .addColumn('end_to_end_id', 'text')
    .addColumn('payment_file', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('settled_line_id', 'uuid', (c) => c.references('statement_lines.id').onDelete('restrict'))
    .addColumn('returned_line_id', 'uuid', (c) => c.references('statement_lines.id').onDelete('restrict'))
    .execute();
  await sql`create unique index withdrawals_end_to_end_id_key on withdrawals (end_to_end_id) where end_to_end_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index withdrawals_end_to_end_id_key`.execute(db);
  await db.schema
    .alterTable('withdrawals')
    .dropColumn('end_to_end_id')
    .dropColumn('payment_file')
    .dropColumn('sent_at')
    .dropColumn('settled_line_id')
    .dropColumn('returned_line_id')
    .execute();
  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check
    check (status in ('pending', 'paid', 'rejected', 'cancelled'))`.execute(db);
  await db.schema.alterTable('deposits').dropColumn('statement_line_id').dropColumn('assigned_by').execute();
  await sql`drop index deposits_pending_created_idx`.execute(db);
  await sql`alter table deposits drop constraint deposits_status_check`.execute(db);
  await sql`alter table deposits add constraint deposits_status_check
    check (status in ('pending', 'confirmed', 'rejected'))`.execute(db);
  await db.schema.dropTable('statement_csv_mappings').execute();
  await db.schema.dropTable('statement_line_uses').execute();
  await db.schema.dropTable('statement_lines').execute();
  await db.schema.dropTable('statements').execute();
  await db.schema.alterTable('deposit_account').dropColumn('bic').dropColumn('currency').execute();
  await sql`alter table users drop column deposit_reference`.execute(db);
  await sql`drop function vestora_rf_reference(bigint)`.execute(db);
}
