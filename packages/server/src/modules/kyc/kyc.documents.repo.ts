// #33: identity documents' rows (the bytes are in the DocumentStore, encrypted, under storage_key).
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { KycDocumentTable } from '../../db/schema-kyc.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type KycDocumentRow = Selectable<KycDocumentTable>;

export async function insertDocument(db: Db, row: Insertable<KycDocumentTable>): Promise<void> {
  await db.insertInto('kyc_documents').values(row).execute();
}

/** A document that still has its file (deleted_at null), with whether its owner's relationship has ended. */
export async function findLiveDocument(
  db: Db,
  id: string,
): Promise<(KycDocumentRow & { relationship_ended_at: Date | null }) | undefined> {
  return db
    .selectFrom('kyc_documents as d')
    .leftJoin('kyc_members as m', 'm.user_id', 'd.user_id')
    .selectAll('d')
    .select('m.relationship_ended_at')
    .where('d.id', '=', id)
    .where('d.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** How many documents the member has that still have their files. */
export async function countLiveDocuments(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('kyc_documents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's documents that still have their files, oldest first (the data export). */
export async function listLiveDocuments(db: Db, userId: string): Promise<KycDocumentRow[]> {
  return db
    .selectFrom('kyc_documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** "Download my data": the member's identity record as it stands (the details the member gave and holds). */
export async function exportKycMember(db: Db, userId: string) {
  return db
    .selectFrom('kyc_members')
    .select([
      'tier',
      'legal_name',
      'date_of_birth',
      'address',
      'tier_changed_at',
      'relationship_ended_at',
      'personal_data_erased_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .execute();
}

/** "Download my data": the member's applications with their statuses and the reasons shown to them (no notes). */
export async function exportKycApplications(db: Db, userId: string) {
  return db
    .selectFrom('kyc_applications')
    .select([
      'id',
      'tier',
      'status',
      'legal_name',
      'date_of_birth',
      'address',
      'document_ids',
      'retry_item',
      'member_reason',
      'submitted_at',
      'decided_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

/** "Download my data": the member's documents' metadata (the files themselves go beside it in the ZIP). */
export async function exportKycDocuments(db: Db, userId: string) {
  return db
    .selectFrom('kyc_documents')
    .select(['id', 'kind', 'mime', 'size_bytes', 'sha256', 'expires_on', 'created_at', 'deleted_at', 'storage_key'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
