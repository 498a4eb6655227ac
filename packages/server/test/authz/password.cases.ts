import { TEST_PASSWORD } from '../../src/test/factories.ts';
import type { AuthzCase, AuthzCases } from './types.ts';

const everyone: Omit<AuthzCase, 'input'> = { anonymous: 'ok', user: 'ok', admin: 'ok' };
const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };
const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

// A 43-character token nobody was sent: the procedures answer 400 past the auth gate.
const unknownToken = 'x'.repeat(43);

/** Password change and reset, email change and verification. */
export const cases: AuthzCases = {
  // A wrong current password: 400 past the gate, and nothing changes for the next column's caller.
  'user.changePassword': {
    ...signedIn,
    input: () => ({ currentPassword: `not-${TEST_PASSWORD}`, newPassword: 'another long passphrase' }),
  },
  'user.changeEmail': {
    ...signedIn,
    input: () => ({ currentPassword: `not-${TEST_PASSWORD}`, newEmail: 'changed-authz@example.com' }),
  },
  'user.confirmEmail': { ...everyone, input: () => ({ token: unknownToken }) },
  'user.resendVerification': signedIn,
  'user.emailPolicy': everyone,
  'user.requestPasswordReset': { ...everyone, input: ({ self }) => ({ email: self.email }) },
  'user.resetPassword': { ...everyone, input: () => ({ token: unknownToken, newPassword: 'another long passphrase' }) },
  'user.markEmailVerified': { ...adminOnly, input: ({ other }) => ({ id: other.id }) },
};
