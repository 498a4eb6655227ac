import { enqueueMail } from '../../src/modules/mail/mail.outbox.ts';
import type { AuthzActors, AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };
const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

/** A fresh queued message to `self` (a body an admin may open). */
async function queuedMail({ db, self }: AuthzActors): Promise<string> {
  const id = await enqueueMail(
    db,
    { kind: 'password.changed', to: self.email, userId: self.id, subject: 'authz', text: 'authz', html: 'authz' },
    new Date(),
  );
  return id!;
}

/** The admin Outbox and the notification preferences (issue #10, mail). */
export const mailCases: AuthzCases = {
  'mail.outbox': { ...adminOnly, input: () => ({}) },
  'mail.open': { ...adminOnly, input: async (a) => ({ id: await queuedMail(a) }) },
  'user.preferences': { ...signedIn },
  'user.updatePreferences': { ...signedIn, input: () => ({ emailNotifications: true }) },
};
