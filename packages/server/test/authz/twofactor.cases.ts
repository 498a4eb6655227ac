import type { AuthzCases } from './types.ts';

/** Two-factor enrolment: each signed-in person manages their own (any code is fine: only the gate is checked). */
export const cases: AuthzCases = {
  'user.twoFactor.begin': {
    input: () => ({ currentPassword: 'not the password' }),
    anonymous: 'UNAUTHORIZED',
    user: 'ok',
    admin: 'ok',
  },
  'user.twoFactor.enable': { input: () => ({ code: '000000' }), anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' },
  'user.twoFactor.regenerateRecoveryCodes': {
    input: () => ({ code: '000000' }),
    anonymous: 'UNAUTHORIZED',
    user: 'ok',
    admin: 'ok',
  },
  'user.twoFactor.disable': { input: () => ({ code: '000000' }), anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' },
};
