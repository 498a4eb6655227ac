import { notify } from '../../src/modules/notification/notification.service.ts';
import type { AuthzActors, AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };

/** A fresh notification of `self` (marking it read is only ever the owner's business: others match nothing). */
async function ownNotification({ db, self }: AuthzActors): Promise<string> {
  const r = await notify(db, {
    userId: self.id,
    kind: 'security.authz',
    title: 'authz',
    eventKey: `authz:${Math.random()}`,
    at: new Date(),
  });
  return r.notificationId!;
}

/** The notification centre (#21): every procedure acts on the caller's own rows. */
export const notificationCases: AuthzCases = {
  'notification.list': { ...signedIn, input: () => ({}) },
  'notification.unread': { ...signedIn },
  'notification.markRead': { ...signedIn, input: async (a) => ({ ids: [await ownNotification(a)] }) },
  'notification.preferences': { ...signedIn },
  'notification.setPreferences': { ...signedIn, input: () => ({ marketing: { email: true } }) },
};
