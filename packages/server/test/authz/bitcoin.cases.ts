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
  // #32: payout batches (PSBTs signed offline) are built, uploaded, cancelled and listed by admins only.
  'bitcoin.payoutBatch.build': { ...adminOnly, input: () => ({ feeRate: 5 }) },
  'bitcoin.payoutBatch.submit': { ...adminOnly, input: () => ({ id: randomUUID(), psbt: 'cHNidP8BAA==' }) },
  'bitcoin.payoutBatch.cancel': { ...adminOnly, input: () => ({ id: randomUUID() }) },
  'bitcoin.payoutBatch.list': adminOnly,
};
