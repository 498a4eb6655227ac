import { randomUUID } from 'node:crypto';
import { TEST_PASSWORD } from '../../src/test/factories.ts';
import type { AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };
// Closing is the owner's; an administrator is refused (403) whatever the input, so the desk keeps its admins.
const membersOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'FORBIDDEN' };

/** #21 Your data: the export (own exports only) and closing an account. */
export const cases: AuthzCases = {
  'dataExport.request': signedIn,
  'dataExport.status': signedIn,
  // An id that is not the caller's: 404 past the gate.
  'dataExport.link': { ...signedIn, input: () => ({ id: randomUUID() }) },
  'user.exportData': signedIn,
  // A wrong current password: 400 past the gate, and nothing is closed for the next column's caller.
  'user.close': { ...membersOnly, input: () => ({ currentPassword: `not-${TEST_PASSWORD}` }) },
  'user.closeAccount': { ...membersOnly, input: () => ({ currentPassword: `not-${TEST_PASSWORD}` }) },
};
