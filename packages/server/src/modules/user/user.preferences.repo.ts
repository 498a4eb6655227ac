import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The user's notification preference (false if the user is gone). */
export async function readEmailNotifications(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_notifications').where('id', '=', userId).executeTakeFirst();
  return row?.email_notifications ?? false;
}

/** Stores the preference; returns what is stored now. */
export async function writeEmailNotifications(db: Kysely<DB>, userId: string, on: boolean): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ email_notifications: on })
    .where('id', '=', userId)
    .returning('email_notifications')
    .executeTakeFirstOrThrow();
  return row.email_notifications;
}
