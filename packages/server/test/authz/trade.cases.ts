import { randomUUID } from 'node:crypto';
import type { AuthzCase, AuthzCases } from './types.ts';

const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };
const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };

/** #30: the listed coins (public), quotes and trades (members), the treasury and coin terms (admins). */
export const cases: AuthzCases = {
  'asset.list': { anonymous: 'ok', user: 'ok', admin: 'ok' },
  'asset.update': { ...adminOnly, input: () => ({ symbol: 'BTC', spreadBps: 50 }) },
  'trade.quote': { ...signedIn, input: () => ({ from: 'USD', to: 'BTC', fromAmount: '10' }) },
  // Another member's quote is a 404 to everyone but its owner: past the gate either way.
  'trade.accept': { ...signedIn, input: () => ({ quoteId: randomUUID() }) },
  'trade.list': { ...signedIn, input: () => ({}) },
  'portfolio.holdings': signedIn,
  'portfolio.gains': { ...signedIn, input: () => ({ year: 2026 }) },
  'treasury.summary': adminOnly,
  'treasury.fund': { ...adminOnly, input: () => ({ asset: 'BTC', amount: '1', reason: 'authz case' }) },
};
