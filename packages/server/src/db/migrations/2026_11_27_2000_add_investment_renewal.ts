import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Renewal at maturity (#21): a position says what happens at maturity (`renew`); a renewed position names the
// one it came from (`renewed_from`, UNIQUE: a maturity renews at most once, whatever the runners and retries),
// the matured one names its successor (`renewed_into`, filled in the same transaction, so its foreign key is
// checked at commit) or why the money went back to the balance instead (`renewal_declined`).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('investments')
    .addColumn('renew', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`renew in ('none', 'principal', 'principalAndInterest')`),
    )
    .addColumn('renewed_from', 'uuid', (c) => c.unique().references('investments.id').onDelete('restrict'))
    .addColumn('renewed_into', 'uuid', (c) => c.unique())
    .addColumn('renewal_declined', 'text')
    .execute();
  await sql`alter table investments add constraint investments_renewed_into_fkey
    foreign key (renewed_into) references investments (id) on delete restrict deferrable initially deferred`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table investments drop constraint if exists investments_renewed_into_fkey`.execute(db);
  await db.schema
    .alterTable('investments')
    .dropColumn('renewal_declined')
    .dropColumn('renewed_into')
    .dropColumn('renewed_from')
    .dropColumn('renew')
    .execute();
}
