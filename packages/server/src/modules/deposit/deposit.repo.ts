import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The member's deposit reference and the platform's deposit account record (null when none is set up). */
export async function findDepositInstructionRows(db: Kysely<DB>, userId: string) {
  const user = await db
    .selectFrom('users')
    .select('deposit_reference')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const account = await db
    .selectFrom('deposit_account')
    .select(['account_number', 'bank_name', 'account_holder', 'bic', 'currency', 'updated_at'])
    .orderBy('updated_at')
    .limit(1)
    .executeTakeFirst();
  return { reference: user.deposit_reference, account: account ?? null };
}

/** Pending reports made before `before` that no statement line proves, oldest first (partial index). */
export function findStaleReports(db: Kysely<DB>, before: Date, limit: number) {
  return db
    .selectFrom('deposits')
    .select('id')
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .where('statement_line_id', 'is', null)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
