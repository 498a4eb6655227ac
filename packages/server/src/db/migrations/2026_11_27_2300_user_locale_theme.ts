import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #22: the member's language (e-mails, notifications and statements are written in it; the web client starts in
// it) and colour theme, saved on the account. The lists are the contract's LOCALES and THEMES at the time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('locale', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`locale in ('en', 'de', 'es', 'pt-BR', 'ar')`),
    )
    .addColumn('theme', 'text', (c) =>
      c
        .notNull()
        .defaultTo('system')
        .check(sql`theme in ('system', 'light', 'dark')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('theme').dropColumn('locale').execute();
}
