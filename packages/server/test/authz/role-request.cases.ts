import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/create-db.ts';
import { insertUser } from '../../src/test/factories.ts';
import type { AuthzCase, AuthzCases } from './types.ts';

const adminOnly: Omit<AuthzCase, 'input'> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'ok' };

/** A pending promotion asked by an admin who is not the caller (so the `admin` column may decide it). */
async function pendingRequest({ db }: { db: Database }): Promise<{ id: string }> {
  const requester = await insertUser(db, { accountType: 'admin' });
  const target = await insertUser(db);
  const id = randomUUID();
  await db
    .insertInto('role_requests')
    .values({ id, user_id: target.id, change: 'promote', requested_by: requester.id, created_at: new Date() })
    .execute();
  return { id };
}

/** user.roleRequest.*: four eyes on roles (#17), admins only. */
export const cases: AuthzCases = {
  'user.roleRequest.list': adminOnly,
  'user.roleRequest.approve': { ...adminOnly, input: pendingRequest },
  'user.roleRequest.reject': { ...adminOnly, input: pendingRequest },
};
