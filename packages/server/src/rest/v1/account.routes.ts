import type { FastifyInstance } from 'fastify';
import { bodyObject, legacyHandler } from './handler.ts';
import { fromLegacyBody, toLegacyAccount } from './legacy-shapes.ts';

const ACCOUNT_READ_ONLY_ECHOES = ['_id', 'id', '__v', 'createdAt', 'updatedAt'] as const;

/** /api/v1/accountsNumber/*: the platform's one deposit account record. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/accountsNumber/update',
    legacyHandler(async (caller, req) => {
      const input = fromLegacyBody(bodyObject(req), ACCOUNT_READ_ONLY_ECHOES);
      return { data: toLegacyAccount(await caller.account.update(input as never)) };
    }),
  );
  // Legacy clients hard-coded an id we do not know: any id answers the one record, as data[0].
  app.get(
    '/accountsNumber/:id',
    legacyHandler(async (caller) => ({ data: [toLegacyAccount(await caller.account.get())] })),
  );
}
