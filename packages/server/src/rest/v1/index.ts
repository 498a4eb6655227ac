import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.routes.ts';
import { planRoutes } from './plan.routes.ts';
import { referralRoutes } from './referral.routes.ts';
import { userRoutes } from './user.routes.ts';

/**
 * The legacy /api/v1 adapter (spec section 7): each route calls the tRPC procedure and reshapes the answer
 * (`{ data }` or `{ err }`, `_id`/`__v`). Unknown paths fall through to the app's JSON 404.
 */
export async function registerRestV1(app: FastifyInstance): Promise<void> {
  await app.register(userRoutes);
  await app.register(planRoutes);
  await app.register(accountRoutes);
  await app.register(referralRoutes);
}
