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
