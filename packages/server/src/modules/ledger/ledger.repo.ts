import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, LedgerEntryRow, LedgerKind, LedgerRefType } from '../../db/schema.ts';
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
export async function applyBalanceChange(
  trx: Transaction<DB>,
  change: BalanceChange,
): Promise<{ balanceAfterCents: number }> {
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

/** The email shown next to money items; the owner always exists (users are never deleted under money rows). */
export async function findUserEmail(db: Kysely<DB>, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.email;
}

/** A ledger entry with its owner's email (the page shows it to admins). */
export type LedgerEntryView = LedgerEntryRow & { user_email: string };

/** Newest first, `limit + 1` rows (the extra one tells there is a next page). */
export async function listLedgerEntries(
  db: Kysely<DB>,
  filter: { userId?: string; kind?: LedgerKind; beforeSeq?: number; limit: number },
): Promise<LedgerEntryView[]> {
  let q = db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select('u.email as user_email');
  if (filter.userId) q = q.where('l.user_id', '=', filter.userId);
  if (filter.kind) q = q.where('l.kind', '=', filter.kind);
  if (filter.beforeSeq !== undefined) q = q.where('l.seq', '<', filter.beforeSeq);
  return q
    .orderBy('l.seq', 'desc')
    .limit(filter.limit + 1)
    .execute();
}

export interface LedgerCheck {
  checkedUsers: number;
  mismatches: { userId: string; balanceCents: number; ledgerSumCents: number }[];
}

/**
 * The invariant for every user, in SQL: balance = sum of the user's ledger entries. Both reads share one
 * REPEATABLE READ snapshot, so money moving meanwhile cannot show up as a false mismatch.
 */
export async function checkLedgerInvariant(db: Kysely<DB>): Promise<LedgerCheck> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { count } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const rows = await sql<{ user_id: string; balance_cents: number; ledger_sum_cents: number }>`
        select u.id as user_id, u.balance_cents, coalesce(s.total, 0)::bigint as ledger_sum_cents
        from users u
        left join (select user_id, sum(amount_cents) as total from ledger_entries group by user_id) s on s.user_id = u.id
        where u.balance_cents <> coalesce(s.total, 0)
        order by u.id`.execute(trx);
      return {
        checkedUsers: Number(count),
        mismatches: rows.rows.map((r) => ({
          userId: r.user_id,
          balanceCents: Number(r.balance_cents),
          ledgerSumCents: Number(r.ledger_sum_cents),
        })),
      };
    });
}
