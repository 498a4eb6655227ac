import { randomUUID } from 'node:crypto';
import type { AuthzCase, AuthzCases } from './types.ts';

const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

/** Bitcoin deposits (#20): the chain watcher's figures and exceptions are for admins. */
export const bitcoinCases: AuthzCases = {
  'bitcoin.status': adminOnly,
  'bitcoin.exceptions': adminOnly,
  // #32: the coins we hold.
  'bitcoin.utxos': adminOnly,
  // #27: an admin settles the amount of a payment whose reads disagreed.
  'bitcoin.resolveAmount': { ...adminOnly, input: () => ({ exceptionId: randomUUID(), sats: 1_000 }) },
};
