import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/create-db.ts';
import { insertUser } from '../../src/test/factories.ts';
import type { AuthzCase, AuthzCases } from './types.ts';

const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

/** A pending adjustment proposed by an admin who is not the caller (so the `admin` column may decide it). */
async function pendingProposal({ db }: { db: Database }): Promise<{ id: string }> {
  const proposer = await insertUser(db, { accountType: 'admin' });
  const member = await insertUser(db);
  const id = randomUUID();
  await db
    .insertInto('approvals')
    .values({
      id,
      kind: 'balance_adjustment',
      payload: JSON.stringify({ deltaCents: 100 }),
      user_id: member.id,
      amount_cents: 100,
      reason: 'authz case',
      proposed_by: proposer.id,
      created_at: new Date(),
    })
    .execute();
  return { id };
}

/** approval.*: money a person decides (#27), admins only. */
export const cases: AuthzCases = {
  'approval.list': { ...adminOnly, input: () => ({}) },
  'approval.approve': { ...adminOnly, input: pendingProposal },
  'approval.reject': { ...adminOnly, input: async (ctx) => ({ ...(await pendingProposal(ctx)), reason: 'No' }) },
};
