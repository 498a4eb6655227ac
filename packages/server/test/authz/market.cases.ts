import type { AuthzCases } from './types.ts';

/** market.coins is public: the home page shows the coin list to visitors. */
export const marketCases = {
  'market.coins': { anonymous: 'ok', user: 'ok', admin: 'ok' },
  'market.chart': { anonymous: 'ok', user: 'ok', admin: 'ok', input: () => ({ coinId: 'bitcoin', days: 7 }) },
} satisfies AuthzCases;
