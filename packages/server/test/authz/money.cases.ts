import { randomUUID } from 'node:crypto';
import type { TestUser } from '../../src/test/factories.ts';
import { requestDeposit } from '../../src/modules/deposit/deposit.service.ts';
import { requestWithdrawal } from '../../src/modules/withdrawal/withdrawal.service.ts';
import { loadConfig } from '../../src/config.ts';
import { adjustBalance, testEnv } from '../../src/test/factories.ts';
import type { AuthzActors, AuthzCase, AuthzCases } from './types.ts';

const signedIn: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'ok', admin: 'ok' };
const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };
/** Signed in, and `self`'s own rows only: another plain user naming them is refused. */
const ownerOrAdmin: Omit<AuthzCase, 'input'> = { ...signedIn, otherUser: 'FORBIDDEN' };

const key = () => `authz-${randomUUID()}`;
const BANK = 'PT50000201231234567890154';

const config = loadConfig({});
const env = () => testEnv(new Date(), config);

/** A fresh pending deposit owned by `self`. */
async function pendingDeposit({ db, self }: AuthzActors): Promise<string> {
  return (await requestDeposit(db, self, { amount: 25, reference: 'AUTHZ', idempotencyKey: key() }, { env: env() })).id;
}

/** Credits `user` through the ledger (the actors start with no balance). */
async function fund(db: AuthzActors['db'], user: TestUser, cents: number): Promise<void> {
  await adjustBalance(db, user.id, cents, 'authz fixture');
}

/** A fresh pending withdrawal owned by `self` (funds held). */
async function pendingWithdrawal(actors: AuthzActors): Promise<string> {
  await fund(actors.db, actors.self, 10_00);
  return (
    await requestWithdrawal(
      actors.db,
      actors.self,
      { amount: 10, method: 'bank', details: BANK, idempotencyKey: key() },
      { env: env() },
    )
  ).id;
}

/** deposit, withdrawal, ledger, audit and reward procedures. */
export const moneyCases: AuthzCases = {
  'deposit.request': { ...signedIn, input: () => ({ amount: 10, reference: 'AUTHZ', idempotencyKey: key() }) },
  'deposit.review': { ...adminOnly, input: async (a) => ({ id: await pendingDeposit(a), decision: 'confirm' }) },
  // A user may list their own; naming self's id as another user is FORBIDDEN.
  'deposit.list': { ...ownerOrAdmin, input: ({ self }) => ({ userId: self.id }) },

  // The balance may not cover it for every caller: a 422 still means the auth gate let it through.
  'withdrawal.request': {
    ...signedIn,
    input: async ({ db, self }) => {
      await fund(db, self, 1_00);
      return { amount: 1, method: 'bank', details: BANK, idempotencyKey: key() };
    },
  },
  // Only the owner (or an admin) may cancel: another user gets 403 and the withdrawal stays pending.
  'withdrawal.cancel': { ...ownerOrAdmin, input: async (a) => ({ id: await pendingWithdrawal(a) }) },
  'withdrawal.review': {
    ...adminOnly,
    input: async (a) => ({ id: await pendingWithdrawal(a), decision: 'approve', payoutReference: 'AUTHZ-PAY' }),
  },
  // A bank payout is not a crypto payout: the admin's call gets past the gate and is refused with a 409.
  'withdrawal.proposeCryptoRelease': {
    ...adminOnly,
    input: async (a) => ({ id: await pendingWithdrawal(a), reason: 'authz' }),
  },
  'withdrawal.list': { ...ownerOrAdmin, input: ({ self }) => ({ userId: self.id }) },
  // #32: the fee and whether Bitcoin withdrawals are open: any signed-in member (no one's data).
  'withdrawal.bitcoinTerms': signedIn,

  'ledger.list': { ...ownerOrAdmin, input: ({ self }) => ({ userId: self.id }) },
  'ledger.verify': adminOnly,

  'audit.list': { ...adminOnly, input: () => ({}) },

  'reward.list': signedIn,
};
