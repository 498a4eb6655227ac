import type { AuthzCase, AuthzCases } from './types.ts';

const everyone: Omit<AuthzCase, 'input'> = { anonymous: 'ok', user: 'ok', admin: 'ok' };
const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

/** Site settings and the public configuration (issue 18). */
export const cases: AuthzCases = {
  'site.settings': everyone,
  'site.config': everyone,
  'profile.update': {
    anonymous: 'UNAUTHORIZED',
    user: 'ok',
    admin: 'ok',
    input: () => ({ firstName: 'Authz', lastName: 'Tester', country: 'Portugal', city: 'Porto' }),
  },
  'site.updateSettings': {
    ...adminOnly,
    input: () => ({
      companyName: 'Authz Ltd',
      registration: null,
      address: null,
      supportEmail: null,
      licence: null,
      launchDate: null,
    }),
  },
};
