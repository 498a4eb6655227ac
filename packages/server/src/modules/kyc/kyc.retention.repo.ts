// #33: keeping identity records after an account closes, and erasing them after KYC_RETENTION_YEARS.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The relationship ended now (closing): the identity records stay, restricted, and retention counts from here. */
export async function markRelationshipEnded(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('kyc_members')
    .values({ user_id: userId, relationship_ended_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        relationship_ended_at: eb.fn.coalesce('kyc_members.relationship_ended_at', eb.val(now)),
        updated_at: now,
      })),
    )
    .execute();
}

/** Members whose relationship ended at or before `cutoff` and whose identity data is not erased yet. */
export async function findDueForErasure(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('kyc_members')
    .select('user_id')
    .where('relationship_ended_at', '<=', cutoff)
    .where('personal_data_erased_at', 'is', null)
    .orderBy('relationship_ended_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The member's documents whose files are still stored (their storage keys). */
export async function documentsToDelete(db: Db, userId: string): Promise<{ id: string; storage_key: string }[]> {
  return db
    .selectFrom('kyc_documents')
    .select(['id', 'storage_key'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * Erases the member's identity data: documents marked deleted, the legal name, date of birth and address gone
 * from kyc_members and every application, and the free texts that may repeat them (the member-visible reasons,
 * reviewers' reasons and notes). Answers whether this call erased it (false: another run did already).
 */
export async function erasePersonalData(trx: Transaction<DB>, userId: string, now: Date): Promise<boolean> {
  const member = await trx
    .updateTable('kyc_members')
    .set({ legal_name: null, date_of_birth: null, address: null, personal_data_erased_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('personal_data_erased_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  if (!member) return false;
  await trx
    .updateTable('kyc_documents')
    .set({ deleted_at: now })
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  await trx
    .updateTable('kyc_applications')
    .set({ legal_name: null, date_of_birth: null, address: null, member_reason: null, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  await trx
    .updateTable('kyc_reviews')
    .set({ reason: null, note: null })
    .where('application_id', 'in', (eb) => eb.selectFrom('kyc_applications').select('id').where('user_id', '=', userId))
    .execute();
  return true;
}
