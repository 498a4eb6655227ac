import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export interface ProfileFields {
  first_name: string;
  last_name: string;
  country: string;
  city: string;
}

/** The member's name and place, locked for the change. */
export async function findProfileForUpdate(trx: Transaction<DB>, userId: string): Promise<ProfileFields | undefined> {
  return trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'country', 'city'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setProfile(db: Executor, userId: string, fields: ProfileFields, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
