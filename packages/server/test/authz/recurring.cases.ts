import { randomUUID } from 'node:crypto';
import type { AuthzActors, AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };

/** A recurring buy of `self`'s (the other member and the admin get a 404 for it: past the gate). */
async function ownBuy({ self, db }: AuthzActors) {
  const now = new Date();
  const id = randomUUID();
  await db
    .insertInto('recurring_buys')
    .values({
      id,
      user_id: self.id,
      asset: 'BTC',
      amount_cents: 1000,
      every: 'week',
      start_at: now,
      next_due_at: now,
      not_before: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id };
}

/** #31: recurring buys are the signed-in member's own. */
export const cases: AuthzCases = {
  'recurringBuy.create': { ...signedIn, input: () => ({ asset: 'BTC', amountUsd: '10', every: 'week' }) },
  'recurringBuy.list': signedIn,
  'recurringBuy.pause': { ...signedIn, input: ownBuy },
  'recurringBuy.resume': { ...signedIn, input: ownBuy },
  'recurringBuy.delete': { ...signedIn, input: ownBuy },
};
