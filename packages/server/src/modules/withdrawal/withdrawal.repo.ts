import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Approved bank payouts not yet in a payment file, oldest first, locked, with the member's name. */
export function lockApprovedBankPayouts(trx: Transaction<DB>) {
  return trx
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.seq', 'w.user_id', 'w.amount_cents', 'w.details', 'u.first_name', 'u.last_name'])
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
    .select(['account_number', 'bank_name', 'account_holder', 'bic', 'currency'])
    .orderBy('updated_at')
    .limit(1)
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
