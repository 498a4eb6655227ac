import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Site settings (#18): the operator's facts the public pages state (company name, registration, address, support
// address, licence, launch date as YYYY-MM-DD text: a calendar day, no time zone). One row (id = 1), every fact null until an admin sets it; changes are audited.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('company_name', 'text')
    .addColumn('registration', 'text')
    .addColumn('address', 'text')
    .addColumn('support_email', 'text')
    .addColumn('licence', 'text')
    .addColumn('launch_date', 'text', (c) => c.check(sql`launch_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').ifExists().execute();
}
