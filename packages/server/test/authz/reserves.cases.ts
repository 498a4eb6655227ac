import type { AuthzCase, AuthzCases } from './types.ts';

const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

/** #32: the reserves are public; a member's proof is theirs (each signed-in caller gets their own leaf). */
export const reservesCases: AuthzCases = {
  'reserves.summary': { anonymous: 'ok', user: 'ok', admin: 'ok' },
  'reserves.proof': { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' },
  'reserves.myProof': { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' },
  'reserves.declare': { ...adminOnly, input: () => ({ asset: 'ETH', amount: '1' }) },
  'reserves.publish': adminOnly,
};
