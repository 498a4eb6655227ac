import { randomUUID } from 'node:crypto';
import type { AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };

/** #31: limit orders are a member's own (another member's order is a 404 to everyone but its owner). */
export const cases: AuthzCases = {
  'order.place': {
    ...signedIn,
    input: () => ({ side: 'buy', asset: 'BTC', amountUsd: '10', limitPrice: '90000' }),
  },
  'order.cancel': { ...signedIn, input: () => ({ id: randomUUID() }) },
  'order.list': { ...signedIn, input: () => ({}) },
};
