import { randomUUID } from 'node:crypto';
import type { AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };
const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

/** #33: a member submits and reads their own identity status; only admins see the queue, an application, decide. */
export const cases: AuthzCases = {
  'kyc.submit': {
    ...signedIn,
    input: () => ({
      tier: 1,
      legalName: 'Test User',
      dateOfBirth: '1990-01-01',
      address: '1 Test Street',
      documentIds: [randomUUID()],
    }),
  },
  'kyc.status': signedIn,
  'kyc.queue': adminOnly,
  'kyc.get': { ...adminOnly, input: () => ({ id: randomUUID() }) },
  'kyc.review': { ...adminOnly, input: () => ({ id: randomUUID(), decision: 'approve', reason: '' }) },
};
