// How a bank's CSV files are read is money a person decides (#27): a mapping sent with one import applies to
// that file only; a bank account's stored mapping changes only through a second admin's approval.
import {
  type TApprovalRef,
  type TCsvMappingProposalInput,
  type TSavedCsvMapping,
  ZCsvMapping,
} from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { tr } from '@vestora/contract';
import { recordAudit } from '../audit/audit.repo.ts';
import { proposeIn, refuseProposer } from '../approval/approval.core.ts';
import type { FlowEnv } from '../money/money.core.ts';
import { normaliseAccount } from './bank-statement.transfer.ts';
import * as repo from './bank-statement.repo.ts';

/** statement.proposeCsvMapping: proposes a bank account's stored mapping (default: the deposit account's). */
export async function proposeCsvMapping(
  db: Database,
  adminId: string,
  input: TCsvMappingProposalInput,
  env: FlowEnv,
): Promise<TApprovalRef> {
  const bankAccount = normaliseAccount(input.bankAccount ?? (await repo.findPlatformAccount(db))?.account_number ?? '');
  if (!bankAccount) {
    throw new AppError(
      'BAD_INPUT',
      tr('statement.bankAccountMissing', 'bankAccount: Name the bank account this CSV file is from.'),
    );
  }
  return db.transaction().execute(async (trx) => {
    await refuseProposer(trx, adminId, null, env);
    return proposeIn(trx, {
      kind: 'csv_mapping',
      payload: { bankAccount, mapping: input.mapping },
      userId: null,
      amountCents: null,
      reason: input.reason?.trim() || `CSV mapping of ${bankAccount}`,
      proposedBy: adminId,
      now: env.now,
    });
  });
}

/** The effect of an approved mapping, in the approval's transaction: stored for the account, audited. */
export async function applyCsvMappingIn(
  trx: Transaction<DB>,
  payload: Record<string, unknown>,
  actorId: string,
  now: Date,
): Promise<void> {
  const bankAccount = String(payload.bankAccount);
  const mapping = ZCsvMapping.parse(payload.mapping);
  const before = await repo.findCsvMapping(trx, bankAccount);
  await repo.saveCsvMapping(trx, bankAccount, JSON.stringify(mapping), actorId, now);
  await recordAudit(trx, {
    actorId,
    action: 'statement.csv_mapping',
    entityType: 'statement_csv_mapping',
    entityId: bankAccount,
    before: before ? (JSON.parse(before.mapping) as unknown) : null,
    after: mapping,
  });
}

/** statement.csvMapping: what a CSV import of this account (default: the deposit account) uses when sent none. */
export async function savedCsvMapping(db: Database, bankAccount: string | undefined): Promise<TSavedCsvMapping> {
  const account = normaliseAccount(bankAccount ?? (await repo.findPlatformAccount(db))?.account_number ?? '');
  const saved = account ? await repo.findCsvMapping(db, account) : undefined;
  return {
    bankAccount: account,
    mapping: saved ? ZCsvMapping.parse(JSON.parse(saved.mapping)) : null,
    updatedAt: saved ? saved.updated_at.toISOString() : null,
  };
}
