import { randomBytes } from 'node:crypto';
import { createSession, hashToken } from '../../src/modules/session/session.service.ts';
import type { AuthzCase, AuthzCases } from './types.ts';

const everyone: Omit<AuthzCase, 'input'> = { anonymous: 'ok', user: 'ok', admin: 'ok' };
const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };
const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

const someToken = () => randomBytes(32).toString('base64url');

/** Signed-in devices, the contact form and inbox, the newsletter (issue 10). */
export const cases: AuthzCases = {
  'user.sessions': signedIn,
  // Self's own session id: another user (or the admin) asking gets 404 from the business rule, past the gate.
  'user.revokeSession': {
    ...signedIn,
    input: async ({ self, db }) => {
      const { token } = await createSession(db, self.id, new Date());
      const row = await db
        .selectFrom('sessions')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
  },
  'user.revokeOtherSessions': signedIn,

  'contact.send': {
    ...everyone,
    input: () => ({ name: 'Authz Tester', email: 'authz@example.com', message: 'A question about the plans.' }),
  },
  'contact.list': { ...adminOnly, input: () => ({}) },
  'contact.markRead': {
    ...adminOnly,
    input: () => ({ id: '00000000-0000-4000-8000-000000000001', read: true }),
  },
  'contact.reply': {
    ...adminOnly,
    input: () => ({ id: '00000000-0000-4000-8000-000000000001', message: 'Thanks for writing.' }),
  },

  'newsletter.subscribe': {
    ...everyone,
    input: () => ({ email: `authz-${randomBytes(4).toString('hex')}@example.com` }),
  },
  'newsletter.confirm': { ...everyone, input: () => ({ token: someToken() }) },
  'newsletter.unsubscribe': { ...everyone, input: () => ({ token: someToken() }) },
  'newsletter.stats': adminOnly,
  'newsletter.exportConfirmed': adminOnly,
};
