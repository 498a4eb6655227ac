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
    // The name of the actors' verified legal name (verifyMember's): a change away from it would return them to
    // identity review (#33), and later cases withdraw.
    input: () => ({ firstName: 'Test', lastName: 'User', country: 'Portugal', city: 'Porto' }),
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
