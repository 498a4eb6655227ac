import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
//
// The ledger and the audit log are a permanent record: rows are only ever inserted. The database itself
// refuses UPDATE, DELETE and TRUNCATE on them, whatever role or code path asks, so a mistake (or someone
// with the application's credentials) cannot rewrite history; a wrong entry is corrected by a new one.
// Who acted is kept too: a user named as the actor of a ledger entry, an audit record or a review cannot be
// deleted (RESTRICT instead of SET NULL).

const PROTECTED = ['ledger_entries', 'audit_log'] as const;

/** Actor references: table, column. Were ON DELETE SET NULL. */
const ACTOR_REFERENCES = [
  ['ledger_entries', 'actor_id'],
  ['audit_log', 'actor_id'],
  ['deposits', 'reviewed_by'],
  ['withdrawals', 'reviewed_by'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // SQLSTATE 23001 restrict_violation: an integrity rule refused the statement (never a client's input).
  await sql`
    create or replace function refuse_record_change() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: % is refused', tg_table_name, tg_op
        using errcode = 'restrict_violation',
              hint = 'Ledger entries and audit records are never changed or deleted; correct a mistake with a new entry.';
    end
    $$`.execute(db);
  for (const table of PROTECTED) {
    await sql`
      create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function refuse_record_change()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function refuse_record_change()`.execute(db);
  }
  for (const [table, column] of ACTOR_REFERENCES) await actorReference(db, table, column, 'restrict');
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of ACTOR_REFERENCES) await actorReference(db, table, column, 'set null');
  for (const table of PROTECTED) {
    await sql`drop trigger if exists ${sql.id(`${table}_no_truncate`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.id(`${table}_append_only`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists refuse_record_change()`.execute(db);
}

/** Re-creates the foreign key `<table>_<column>_fkey` to users.id with another ON DELETE action. */
async function actorReference(
  db: Kysely<any>,
  table: string,
  column: string,
  onDelete: 'restrict' | 'set null',
): Promise<void> {
  const name = `${table}_${column}_fkey`;
  await db.schema.alterTable(table).dropConstraint(name).execute();
  await db.schema
    .alterTable(table)
    .addForeignKeyConstraint(name, [column], 'users', ['id'], (c) => c.onDelete(onDelete))
    .execute();
}
