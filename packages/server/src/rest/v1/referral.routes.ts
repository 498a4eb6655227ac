import type { FastifyInstance } from 'fastify';
import { idParam, legacyHandler } from './handler.ts';

/** /api/v1/referral/:id: id is the user id. */
export async function referralRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/referral/:id',
    legacyHandler(async (caller, req) => ({ data: await caller.referral.get({ userId: idParam(req) }) }), {
      fieldNames: { userId: 'id' },
    }),
  );
}
