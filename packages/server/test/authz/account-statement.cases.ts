import { randomUUID } from 'node:crypto';
import type { AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };

/** Monthly account statements (#21): every signed-in person reads their own (someone else's id is a 404). */
export const accountStatementCases: AuthzCases = {
  'accountStatement.list': signedIn,
  'accountStatement.get': { ...signedIn, input: () => ({ id: randomUUID(), format: 'pdf' }) },
  'accountStatement.yearSummary': { ...signedIn, input: () => ({ year: 2025, format: 'csv' }) },
};
