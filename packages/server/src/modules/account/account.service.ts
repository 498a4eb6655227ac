import { tr } from '@vestora/contract';
import { randomUUID } from 'node:crypto';
import type { TAccount, TAccountUpdateInput } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { PLACEHOLDER_ACCOUNT } from '../../db/seed.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { type DepositAccountRow, findDepositAccount, upsertDepositAccount } from './account.repo.ts';

export const ACCOUNT_MISSING_MESSAGE = tr(
  'account.missing',
  'The deposit account details have not been set up yet. An administrator can add them under My Account.',
);

/** Whether the record is still the seeded placeholder (its bank or its number), not a real account. */
export function isPlaceholderAccount(row: Pick<DepositAccountRow, 'bank_name' | 'account_number'>): boolean {
  return row.bank_name === PLACEHOLDER_ACCOUNT.bankName || row.account_number === PLACEHOLDER_ACCOUNT.accountNumber;
}

function toPublicAccount(row: DepositAccountRow): TAccount {
  return {
    isSet: !isPlaceholderAccount(row),
    id: row.id,
    accountNumber: row.account_number,
    bankName: row.bank_name,
    accountHolder: row.account_holder,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The deposit account users pay into. */
export async function getDepositAccount(db: Database): Promise<TAccount> {
  const row = await findDepositAccount(db);
  if (!row) throw new AppError('NOT_FOUND', ACCOUNT_MISSING_MESSAGE);
  return toPublicAccount(row);
}

/** Sets the one record (creating it if missing) and records who changed what. */
export function updateDepositAccount(
  db: Database,
  actorId: string,
  input: TAccountUpdateInput,
  now: Date,
): Promise<TAccount> {
  return db.transaction().execute(async (trx) => {
    const before = await findDepositAccount(trx, { forUpdate: true });
    const row = await upsertDepositAccount(
      trx,
      before?.id ?? randomUUID(),
      {
        account_number: input.accountNumber,
        bank_name: input.bankName,
        account_holder: input.accountHolder,
      },
      now,
    );
    const after = toPublicAccount(row);
    await recordAudit(trx, {
      actorId,
      action: 'account.update',
      entityType: 'deposit_account',
      entityId: after.id,
      before: before ? toPublicAccount(before) : null,
      after,
    });
    return after;
  });
}
