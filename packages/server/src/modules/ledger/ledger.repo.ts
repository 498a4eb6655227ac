import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB, LedgerKind, LedgerRefType } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export interface BalanceChange {
  userId: string;
  kind: LedgerKind;
  /** Signed integer cents; never 0. */
  amountCents: number;
  refType: LedgerRefType;
  refId: string;
  actorId: string | null;
  memo?: string | null;
}

/**
 * The only way a balance changes: one conditional UPDATE (the database refuses to go below zero, whatever
 * the concurrency) and the ledger entry, in the caller's transaction. Throws INSUFFICIENT_FUNDS for a debit
 * the balance cannot cover; the caller's transaction then rolls back whole.
 */
export async function applyBalanceChange(trx: Transaction<DB>, change: BalanceChange): Promise<{ balanceAfterCents: number }> {
  if (!Number.isSafeInteger(change.amountCents) || change.amountCents === 0) {
    throw new Error(`applyBalanceChange: bad amount ${change.amountCents}`);
  }
  const updated = await trx
    .updateTable('users')
    .set({
      balance_cents: sql<number>`balance_cents + ${change.amountCents}`,
      // A balance change bumps the version, so an admin edit made on an older view is refused (409).
      version: sql<number>`version + 1`,
      updated_at: new Date(),
    })
    .where('id', '=', change.userId)
    .where(sql<boolean>`balance_cents + ${change.amountCents} >= 0`)
    .returning('balance_cents')
    .executeTakeFirst();
  if (!updated) {
    const exists = await trx.selectFrom('users').select('id').where('id', '=', change.userId).executeTakeFirst();
    if (!exists) throw new AppError('NOT_FOUND', 'That user does not exist.');
    throw new AppError('INSUFFICIENT_FUNDS', 'Insufficient funds: your balance does not cover this amount.');
  }
  await trx
    .insertInto('ledger_entries')
    .values({
      id: randomUUID(),
      user_id: change.userId,
      kind: change.kind,
      amount_cents: change.amountCents,
      balance_after_cents: updated.balance_cents,
      ref_type: change.refType,
      ref_id: change.refId,
      actor_id: change.actorId,
      memo: change.memo ?? null,
    })
    .execute();
  return { balanceAfterCents: updated.balance_cents };
}
