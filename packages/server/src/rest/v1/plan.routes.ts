import type { FastifyInstance } from 'fastify';
import { bodyObject, idParam, legacyHandler } from './handler.ts';
import { fromLegacyBody, LEGACY_FIELD_NAMES, toLegacyPlan } from './legacy-shapes.ts';

const PLAN_READ_ONLY_ECHOES = ['createdAt', 'updatedAt'] as const;

/** /api/v1/investment_plan/*. */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  // "craete": the legacy path is spelt so, and callers depend on it.
  app.post(
    '/investment_plan/craete',
    legacyHandler(async (caller, req) => ({ data: toLegacyPlan(await caller.plan.create(bodyObject(req) as never)) }), {
      status: 201,
    }),
  );
  app.get(
    '/investment_plan/get_all',
    legacyHandler(async (caller) => ({ data: (await caller.plan.list()).map(toLegacyPlan) })),
  );
  app.post(
    '/investment_plan/update',
    legacyHandler(
      async (caller, req) => {
        const input = fromLegacyBody(bodyObject(req), PLAN_READ_ONLY_ECHOES);
        return { data: toLegacyPlan(await caller.plan.update(input as never)) };
      },
      { fieldNames: LEGACY_FIELD_NAMES },
    ),
  );
  // Legacy callers read the plan as the first item of a list.
  app.get(
    '/investment_plan/:id',
    legacyHandler(async (caller, req) => ({ data: [toLegacyPlan(await caller.plan.byId({ id: idParam(req) }))] }), {
      fieldNames: LEGACY_FIELD_NAMES,
    }),
  );
}
