import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config.ts';
import { systemClock } from '../../src/clock.ts';
import { adjustBalance } from '../../src/test/factories.ts';
import { openInvestment } from '../../src/modules/investment/investment.service.ts';
import { insertPlanRow } from '../support/fixtures.ts';
import type { AuthzActors, AuthzCase, AuthzCases } from './types.ts';

const everyone: Omit<AuthzCase, 'input'> = { anonymous: 'ok', user: 'ok', admin: 'ok' };
const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };
const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };
/** Signed in, and `self`'s own positions only: another plain user naming them is refused. */
const ownerOrAdmin: Omit<AuthzCase, 'input'> = { ...signedIn, otherUser: 'FORBIDDEN' };

const key = () => `authz-${randomUUID()}`;
const config = loadConfig({ LOG_LEVEL: 'silent' });

/** A plan open for investing ($100 - $999, monthly for a year) that allows early exit. */
async function earlyExitPlan(db: AuthzActors['db']): Promise<string> {
  const id = await insertPlanRow(db);
  await db.updateTable('plans').set({ early_exit_allowed: true }).where('id', '=', id).execute();
  return id;
}

/** A fresh active $100 position owned by `self` (credited first through the ledger). */
async function positionOfSelf({ db, self }: AuthzActors): Promise<string> {
  await adjustBalance(db, self.id, 100_00, 'authz fixture');
  const planId = await earlyExitPlan(db);
  const position = await openInvestment(db, { clock: systemClock, config }, self, {
    planId,
    amount: 100,
    idempotencyKey: key(),
  });
  return position.id;
}

/** investment, overview and referral-friends procedures. */
export const investmentCases: AuthzCases = {
  // A quote is public: visitors see what a plan would pay before signing up.
  'investment.quote': { ...everyone, input: async ({ db }) => ({ planId: await insertPlanRow(db), amount: 100 }) },
  // The balance may not cover it: a 422 still means the auth gate let it through.
  'investment.open': {
    ...signedIn,
    input: async ({ db }) => ({ planId: await insertPlanRow(db), amount: 100, idempotencyKey: key() }),
  },
  'investment.list': { ...ownerOrAdmin, input: ({ self }) => ({ userId: self.id }) },
  'investment.get': { ...ownerOrAdmin, input: async (a) => ({ id: await positionOfSelf(a) }) },
  'investment.redeem': { ...ownerOrAdmin, input: async (a) => ({ id: await positionOfSelf(a) }) },
  // Owner only: an administrator does not choose what happens to a member's money at maturity.
  'investment.setRenewal': {
    ...signedIn,
    otherUser: 'FORBIDDEN',
    admin: 'FORBIDDEN',
    input: async (a) => ({ id: await positionOfSelf(a), renew: 'principal' }),
  },
  'investment.portfolio': signedIn,
  'investment.summary': signedIn,

  'overview.home': everyone,
  'overview.admin': adminOnly,
  'overview.counts': adminOnly,
  'overview.jobs': adminOnly,

  'referral.friends': signedIn,
};
