import { randomUUID } from 'node:crypto';
import type { AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };
const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

/** Bank money (#19): deposit instructions, payment files, statements. */
export const statementCases: AuthzCases = {
  'deposit.instructions': signedIn,
  'withdrawal.exportPayments': adminOnly,
  'withdrawal.paymentFiles': adminOnly,
  'withdrawal.downloadPaymentFile': { ...adminOnly, input: () => ({ fileName: 'VSPAY-NONE.pain.001.001.09.xml' }) },
  'statement.import': { ...adminOnly, input: () => ({ format: 'camt053', content: '<Document/>' }) },
  'statement.approve': { ...adminOnly, input: () => ({ statementId: randomUUID() }) },
  'statement.list': adminOnly,
  'statement.byId': { ...adminOnly, input: () => ({ statementId: randomUUID() }) },
  'statement.lines': { ...adminOnly, input: () => ({}) },
  'statement.assign': { ...adminOnly, input: () => ({ lineId: randomUUID(), userId: randomUUID() }) },
  'statement.dismiss': { ...adminOnly, input: () => ({ lineId: randomUUID(), reason: 'bank fee' }) },
  'statement.reconciliation': adminOnly,
  'statement.csvMapping': { ...adminOnly, input: () => ({}) },
  'statement.proposeCsvMapping': {
    ...adminOnly,
    input: () => ({ bankAccount: 'AUTHZ-1', mapping: { date: 'Date', amount: 'Amount', reference: 'Ref' } }),
  },
};
