import { randomUUID } from 'node:crypto';
import type { AuthzActors, AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };

/** A price alert of `self`'s (the other member and the admin get a 404 for it: past the gate). */
async function ownAlert({ self, db }: AuthzActors) {
  const id = randomUUID();
  await db
    .insertInto('price_alerts')
    .values({ id, user_id: self.id, asset: 'BTC', direction: 'above', price: '100000', created_at: new Date() })
    .execute();
  return { id };
}

/** #31: price alerts are the signed-in member's own; the Overview's figures are admins'. */
export const cases: AuthzCases = {
  'priceAlert.create': { ...signedIn, input: () => ({ asset: 'BTC', direction: 'above', price: '100000' }) },
  'priceAlert.list': signedIn,
  'priceAlert.delete': { ...signedIn, input: ownAlert },
  'overview.automation': { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' },
};
