import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
//
// Monthly statements for 100,000 members in minutes (#28): the month's close stores each statement's figures
// (the row's totals, its CSV, and `figures`: the lines and positions the PDF shows, as JSON text, with the
// member's `locale` at issue) and no PDF; the PDF is drawn when someone first opens it and kept, once, in
// `account_statement_pdfs` (primary key: one PDF per statement, drawn from the stored figures, so the same
// content whenever it is drawn). Statements issued before keep their PDF in `account_statements.pdf`. A
// statement holds a PDF or the figures to draw one (CHECK). Rows stay never updated (the trigger is unchanged).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table account_statements alter column pdf drop not null`.execute(db);
  await db.schema.alterTable('account_statements').addColumn('figures', 'text').execute();
  await db.schema.alterTable('account_statements').addColumn('locale', 'text').execute();
  await sql`alter table account_statements add constraint account_statements_pdf_or_figures
    check (pdf is not null or (figures is not null and locale is not null))`.execute(db);
  await db.schema
    .createTable('account_statement_pdfs')
    .addColumn('statement_id', 'uuid', (c) => c.primaryKey().references('account_statements.id').onDelete('cascade'))
    .addColumn('pdf', 'bytea', (c) => c.notNull())
    .addColumn('rendered_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// Back to PDFs in the statement rows: the drawn ones are copied back (the never-change trigger paused for it);
// statements never opened have no PDF to keep, so they are removed with their month's run, and the previous
// release's job issues them again (it skips members who have a statement).
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table account_statements disable trigger account_statements_never_change`.execute(db);
  await sql`update account_statements s set pdf = p.pdf from account_statement_pdfs p
    where p.statement_id = s.id and s.pdf is null`.execute(db);
  await sql`alter table account_statements enable trigger account_statements_never_change`.execute(db);
  await sql`delete from account_statement_runs where month in
    (select distinct month from account_statements where pdf is null)`.execute(db);
  await sql`delete from account_statements where pdf is null`.execute(db);
  await db.schema.dropTable('account_statement_pdfs').execute();
  await sql`alter table account_statements drop constraint account_statements_pdf_or_figures`.execute(db);
  await db.schema.alterTable('account_statements').dropColumn('locale').execute();
  await db.schema.alterTable('account_statements').dropColumn('figures').execute();
  await sql`alter table account_statements alter column pdf set not null`.execute(db);
}
