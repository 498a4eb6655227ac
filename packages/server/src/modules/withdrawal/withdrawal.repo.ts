import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, PaymentFileTable } from '../../db/schema.ts';

/** Approved bank payouts not yet in a payment file, oldest first, locked, with the member's name. */
export function lockApprovedBankPayouts(trx: Transaction<DB>) {
  return trx
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.seq',
      'w.user_id',
      'w.amount_cents',
      'w.details',
      'w.bank_iban',
      'w.bank_bic',
      'w.bank_routing_number',
      'w.bank_account_number',
      'u.first_name',
      'u.last_name',
    ])
    .where('w.status', '=', 'approved')
    .where('w.method', '=', 'bank')
    .where('w.end_to_end_id', 'is', null)
    .orderBy('w.seq')
    .forUpdate()
    .execute();
}

/** The platform's deposit account, which pays the payouts. */
export function findPayingAccount(db: Transaction<DB>) {
  return db
    .selectFrom('deposit_account')
    .select(['account_number', 'bank_name', 'account_holder', 'bic', 'routing_number', 'currency'])
    .orderBy('updated_at')
    .limit(1)
    .executeTakeFirst();
}

/** Keeps an exported payment file, in the export's transaction. */
export async function insertPaymentFile(trx: Transaction<DB>, row: Insertable<PaymentFileTable>): Promise<void> {
  await trx.insertInto('payment_files').values(row).execute();
}

/** The newest kept payment files, without their content, with the exporting admin's email. */
export function listPaymentFileRows(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('payment_files as f')
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .select(['f.file_name', 'f.payout_count', 'f.total_cents', 'f.created_at', 'u.email'])
    .orderBy('f.created_at', 'desc')
    .orderBy('f.file_name', 'desc')
    .limit(limit)
    .execute();
}

/** One kept payment file with its content. */
export function findPaymentFile(db: Kysely<DB>, fileName: string) {
  return db
    .selectFrom('payment_files')
    .select(['file_name', 'content', 'payout_count'])
    .where('file_name', '=', fileName)
    .executeTakeFirst();
}

/** Another crypto payout to `address` already sent or paid by transaction `txid` (#34), if any. */
export function findCryptoPayoutByTxid(db: Transaction<DB>, txid: string, address: string, exceptId: string) {
  return db
    .selectFrom('withdrawals')
    .select('id')
    .where('method', '=', 'crypto')
    .where('status', 'in', ['sent', 'paid'])
    .where('payout_reference', '=', txid)
    .where('details', '=', address)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
}

/** Whose withdrawal this is (the owner never changes, so it is read without a lock), or undefined. */
export async function withdrawalOwner(db: Kysely<DB> | Transaction<DB>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('withdrawals').select('user_id').where('id', '=', id).executeTakeFirst();
  return row?.user_id;
}
