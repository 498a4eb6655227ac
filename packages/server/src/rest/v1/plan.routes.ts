import { type LegacyRoute, legacyRoute } from './handler.ts';
import {
  dataOf,
  fromLegacyPlanUpdate,
  LEGACY_FIELD_NAMES,
  toLegacyPlan,
  ZLegacyPlan,
  ZLegacyPlanCreateBody,
  ZLegacyPlanUpdateBody,
} from './legacy-schemas.ts';
import { z } from 'zod';

/** /api/v1/investment_plan/*. */
export const planRoutes: LegacyRoute[] = [
  // "craete": the legacy path is spelt so, and callers depend on it.
  legacyRoute({
    method: 'POST',
    path: '/investment_plan/craete',
    summary: 'Create an investment plan',
    access: 'admin',
    body: ZLegacyPlanCreateBody,
    response: dataOf(ZLegacyPlan),
    status: 201,
    handle: async (caller, { body }) => ({ data: toLegacyPlan(await caller.plan.create(body)) }),
  }),
  legacyRoute({
    method: 'GET',
    path: '/investment_plan/get_all',
    summary: 'Every investment plan',
    access: 'public',
    response: dataOf(z.array(ZLegacyPlan)),
    handle: async (caller) => ({ data: (await caller.plan.list()).map(toLegacyPlan) }),
  }),
  legacyRoute({
    method: 'POST',
    path: '/investment_plan/update',
    summary: 'Edit an investment plan',
    description: 'The changed fields plus _id; with __v, a stale version is refused (409).',
    access: 'admin',
    body: ZLegacyPlanUpdateBody,
    response: dataOf(ZLegacyPlan),
    errors: [404, 409],
    fieldNames: LEGACY_FIELD_NAMES,
    handle: async (caller, { body }) => ({ data: toLegacyPlan(await caller.plan.update(fromLegacyPlanUpdate(body))) }),
  }),
  // Legacy callers read the plan as the first item of a list.
  legacyRoute({
    method: 'GET',
    path: '/investment_plan/:id',
    summary: 'One investment plan, as a one-element list',
    access: 'public',
    response: dataOf(z.array(ZLegacyPlan)),
    errors: [400, 404],
    fieldNames: LEGACY_FIELD_NAMES,
    handle: async (caller, { id }) => ({ data: [toLegacyPlan(await caller.plan.byId({ id }))] }),
  }),
];
