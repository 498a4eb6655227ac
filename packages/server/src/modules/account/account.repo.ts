import { sql, type Kysely } from 'kysely';
import type { DB, DepositAccountTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

type Executor = Kysely<DB>;
export type DepositAccountRow = Pick<
  Selectable<DepositAccountTable>,
  'id' | 'account_number' | 'bank_name' | 'account_holder' | 'bic' | 'routing_number' | 'updated_at'
>;
export type DepositAccountValues = Pick<
  DepositAccountRow,
  'account_number' | 'bank_name' | 'account_holder' | 'bic' | 'routing_number'
>;

const ACCOUNT_COLUMNS = [
  'id',
  'account_number',
  'bank_name',
  'account_holder',
  'bic',
  'routing_number',
  'updated_at',
] as const;

/** The platform's one deposit account record, if it was set up. */
export function findDepositAccount(
  db: Executor,
  opts: { forUpdate?: boolean } = {},
): Promise<DepositAccountRow | undefined> {
  return db
    .selectFrom('deposit_account')
    .select(ACCOUNT_COLUMNS)
    .orderBy('updated_at')
    .limit(1)
    .$if(opts.forUpdate === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/**
 * Writes the one record: inserts it, or (the single-row unique index on `(true)` decides) updates the
 * existing one. Safe when two admins save at once.
 */
export function upsertDepositAccount(
  db: Executor,
  id: string,
  values: DepositAccountValues,
  now: Date,
): Promise<DepositAccountRow> {
  return db
    .insertInto('deposit_account')
    .values({ id, ...values, updated_at: now })
    .onConflict((oc) => oc.expression(sql`(true)`).doUpdateSet({ ...values, updated_at: now }))
    .returning(ACCOUNT_COLUMNS)
    .executeTakeFirstOrThrow();
}
