import type { TDepositInstructions } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import { ACCOUNT_MISSING_MESSAGE } from '../account/account.service.ts';
import { groupReference } from '../bank-statement/rf-reference.ts';
import { findDepositInstructionRows } from './deposit.repo.ts';

/** The seeded placeholder record (db/seed.ts): deposits are not open until an admin sets the real account. */
export const PLACEHOLDER_ACCOUNT_NUMBER = '0000000000';

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/**
 * Where a member sends money and the reference that credits it to them. The QR code carries the account number
 * and the reference as plain text: the SEPA "EPC" payment QR is for euro transfers only, and this is a dollar
 * account.
 */
export async function depositInstructions(db: Database, userId: string): Promise<TDepositInstructions> {
  const { reference, account } = await findDepositInstructionRows(db, userId);
  if (!account) throw new AppError('NOT_FOUND', ACCOUNT_MISSING_MESSAGE);
  const compact = account.account_number.replace(/\s+/g, '').toUpperCase();
  const iban = IBAN.test(compact) ? compact : null;
  return {
    accountHolder: account.account_holder,
    bankName: account.bank_name,
    iban,
    accountNumber: account.account_number,
    bic: account.bic,
    currency: account.currency,
    reference,
    referenceGrouped: groupReference(reference),
    qrText: [
      `Account holder: ${account.account_holder}`,
      `${iban ? 'IBAN' : 'Account number'}: ${account.account_number}`,
      ...(account.bic ? [`BIC: ${account.bic}`] : []),
      `Currency: ${account.currency}`,
      `Reference: ${reference}`,
    ].join('\n'),
    open: account.account_number !== PLACEHOLDER_ACCOUNT_NUMBER,
    // Since when this account is the one to pay into: its last approved change (#27).
    validSince:
      account.account_number !== PLACEHOLDER_ACCOUNT_NUMBER ? new Date(account.updated_at).toISOString() : null,
  };
}
