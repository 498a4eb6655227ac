import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// Four eyes on roles (#17): granting the admin role, demoting an admin and disabling an admin are requests
// that a second administrator approves (neither the requester nor the account concerned). At most one
// pending request per account and change. An account made admin through an approved request remembers when
// and at whose request: it may not review money during a cooldown, nor ever the money of that requester.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('role_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('change', 'text', (c) => c.notNull().check(sql`change in ('promote', 'demote', 'disable')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('requested_by', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('role_requests_one_pending_idx')
    .on('role_requests')
    .columns(['user_id', 'change'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('role_requests_pending_created_idx')
    .on('role_requests')
    .column('created_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('admin_granted_at', 'timestamptz')
    .addColumn('admin_granted_by', 'uuid', (c) => c.references('users.id').onDelete('restrict'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('admin_granted_by').dropColumn('admin_granted_at').execute();
  await db.schema.dropTable('role_requests').ifExists().execute();
}
