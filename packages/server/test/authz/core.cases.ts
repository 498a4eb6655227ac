import type { Database } from '../../src/db/create-db.ts';
import { TEST_PASSWORD } from '../../src/test/factories.ts';
import { insertPlanRow, planFields, signupFields } from '../support/fixtures.ts';
import type { AuthzCase, AuthzCases } from './types.ts';

/** A plan already paused or archived, so that resume or restore has something to do. */
async function planWithStatus(db: Database, status: 'paused' | 'archived'): Promise<string> {
  const id = await insertPlanRow(db);
  await db.updateTable('plans').set({ status, open_for_investing: false }).where('id', '=', id).execute();
  return id;
}

const everyone: Omit<AuthzCase, 'input'> = { anonymous: 'ok', user: 'ok', admin: 'ok' };
const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };
const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

/** user, plan, account and referral procedures. */
export const cases: AuthzCases = {
  'user.signup': { ...everyone, input: () => signupFields() },
  'user.login': { ...everyone, input: ({ self }) => ({ email: self.email, password: TEST_PASSWORD }) },
  'user.logout': signedIn,
  'user.me': signedIn,
  'user.session': everyone,
  'user.list': adminOnly,
  // The version may be stale by the time the admin calls: a 409 still means the auth gate let it through.
  'user.update': { ...adminOnly, input: ({ self }) => ({ id: self.id, version: self.version, city: 'Porto' }) },
  // Enabling an enabled account changes nothing, so the next column's caller is not signed out by it.
  'user.setDisabled': { ...adminOnly, input: ({ other }) => ({ id: other.id, disabled: false }) },

  'plan.list': everyone,
  'plan.byId': { ...everyone, input: async ({ db }) => ({ id: await insertPlanRow(db) }) },
  'plan.create': { ...adminOnly, input: () => planFields() },
  'plan.update': { ...adminOnly, input: async ({ db }) => ({ id: await insertPlanRow(db), riskLevel: 'high' }) },
  'plan.delete': { ...adminOnly, input: async ({ db }) => ({ id: await insertPlanRow(db) }) },
  'plan.listArchived': adminOnly,
  'plan.pause': { ...adminOnly, input: async ({ db }) => ({ id: await insertPlanRow(db) }) },
  'plan.resume': { ...adminOnly, input: async ({ db }) => ({ id: await planWithStatus(db, 'paused') }) },
  'plan.restore': { ...adminOnly, input: async ({ db }) => ({ id: await planWithStatus(db, 'archived') }) },

  'account.get': signedIn,
  'account.update': {
    ...adminOnly,
    input: () => ({ accountNumber: '12345678', bankName: 'Bank of Tests', accountHolder: 'Vestora Ltd' }),
  },

  // Owner-scoped: another plain user asking for self's referral details is refused.
  'referral.get': { ...signedIn, otherUser: 'FORBIDDEN', input: ({ self }) => ({ userId: self.id }) },
};
