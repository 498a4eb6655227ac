import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #27 (part B): one bank transfer is one credit, whatever the order or the file.
// - A statement line carries its transfer key: booking date, signed cents and what names the transfer (the member
//   reference found in it, else the end-to-end id, else its reference text), plus its occurrence number among
//   lines of the account with the same key. Unique per bank account: a line read again from another format (a
//   CSV without the bank's ids after a camt.053) or another spelling of the account is the same line.
//   `has_bank_id`: whether its bank_tx_id is the bank's own (else a hash the reader made).
// - A line may be matched as `link`: it proves a deposit an admin already confirmed by hand (no credit); its use
//   is `deposit` like a credit's, so the unique (use, target) keeps a deposit to one line either way.
// - Statements keep the file's own total credits and debits (every line of the file, duplicates included) and
//   whether a running balance was checked, for the approver.
// - Bitcoin: a payment whose reads disagree (mempool, block, confirmed transaction) waits for an admin
//   (`btc_review`), with an `amount_mismatch` exception; the admin who settles the amount is `btc_resolved_by`
//   (and the exception's `resolved_by`).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('statement_lines')
    .addColumn('transfer_key', 'text')
    .addColumn('transfer_n', 'integer')
    .addColumn('has_bank_id', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  // Lines stored before: the same key, computed in SQL (member reference found in the text, else the end-to-end
  // id, else the reference's letters and digits).
  await sql`update statement_lines set has_bank_id = bank_tx_id not like 'h:%'`.execute(db);
  await sql`
    update statement_lines l set transfer_key = k.key, transfer_n = k.n
    from (
      select id, key, row_number() over (partition by bank_account, key order by seq)::int as n
      from (
        select id, seq, bank_account,
          booking_date || '|' || amount_cents::text || '|' || coalesce(
            substring(upper(regexp_replace(coalesce(reference, '') || ' ' || description, '\\s', '', 'g'))
              from 'RF[0-9]{2}VS[0-9]{10}'),
            end_to_end_id,
            upper(regexp_replace(coalesce(reference, ''), '[^A-Za-z0-9]', '', 'g'))
          ) as key
        from statement_lines
      ) raw
    ) k
    where k.id = l.id`.execute(db);
  await sql`create unique index statement_lines_transfer_key on statement_lines (bank_account, transfer_key, transfer_n)
    where transfer_key is not null`.execute(db);

  await sql`alter table statement_lines drop constraint statement_lines_match_kind_check`.execute(db);
  await sql`alter table statement_lines add constraint statement_lines_match_kind_check
    check (match_kind in ('credit', 'settle', 'return', 'link'))`.execute(db);

  await db.schema
    .alterTable('statements')
    .addColumn('file_credits_cents', 'bigint')
    .addColumn('file_debits_cents', 'bigint')
    .addColumn('balance_checked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('deposits')
    .addColumn('btc_review', 'text')
    .addColumn('btc_resolved_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .execute();
  await db.schema
    .alterTable('bitcoin_exceptions')
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await sql`alter table bitcoin_exceptions drop constraint bitcoin_exceptions_kind_check`.execute(db);
  await sql`alter table bitcoin_exceptions add constraint bitcoin_exceptions_kind_check
    check (kind in ('reorged', 'dust', 'payout_mismatch', 'closed_account', 'amount_mismatch'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from bitcoin_exceptions where kind = 'amount_mismatch'`.execute(db);
  await sql`alter table bitcoin_exceptions drop constraint bitcoin_exceptions_kind_check`.execute(db);
  await sql`alter table bitcoin_exceptions add constraint bitcoin_exceptions_kind_check
    check (kind in ('reorged', 'dust', 'payout_mismatch', 'closed_account'))`.execute(db);
  await db.schema.alterTable('bitcoin_exceptions').dropColumn('resolved_by').dropColumn('resolved_at').execute();
  await db.schema.alterTable('deposits').dropColumn('btc_review').dropColumn('btc_resolved_by').execute();
  await db.schema
    .alterTable('statements')
    .dropColumn('file_credits_cents')
    .dropColumn('file_debits_cents')
    .dropColumn('balance_checked')
    .execute();
  await sql`alter table statement_lines drop constraint statement_lines_match_kind_check`.execute(db);
  await sql`alter table statement_lines add constraint statement_lines_match_kind_check
    check (match_kind in ('credit', 'settle', 'return'))`.execute(db);
  await sql`drop index statement_lines_transfer_key`.execute(db);
  await db.schema
    .alterTable('statement_lines')
    .dropColumn('transfer_key')
    .dropColumn('transfer_n')
    .dropColumn('has_bank_id')
    .execute();
}
