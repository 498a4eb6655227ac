import type { AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };

/** #22: a member's own language and theme. */
export const cases: AuthzCases = {
  'user.setLocale': { ...signedIn, input: () => ({ locale: 'de' }) },
  'user.setTheme': { ...signedIn, input: () => ({ theme: 'dark' }) },
};
