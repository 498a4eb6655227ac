import { type Kysely, sql } from 'kysely';
import { newestFirstPage } from '../../db/page-query.ts';
import type { DB, LedgerEntryRow, LedgerKind } from '../../db/schema.ts';

/** A ledger entry with its owner's email (the page shows it to admins). */
export type LedgerEntryView = LedgerEntryRow & { user_email: string };

/** Newest first, `limit + 1` rows (the extra one tells there is a next page). */
export async function listLedgerEntries(
  db: Kysely<DB>,
  filter: { userId?: string; kind?: LedgerKind; beforeSeq?: number; limit: number },
): Promise<LedgerEntryView[]> {
  const q = db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select('u.email as user_email');
  return newestFirstPage(q, 'l', {
    equals: { user_id: filter.userId, kind: filter.kind },
    beforeSeq: filter.beforeSeq,
    limit: filter.limit,
  }).execute();
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
