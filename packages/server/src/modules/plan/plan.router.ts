import { ZPlan, ZPlanCreateInput, ZPlanIdInput, ZPlanUpdateInput } from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { createPlan, deletePlan, getPlan, listAllPlans, updatePlan } from './plan.service.ts';

export const planRouter = router({
  list: publicProcedure.output(z.array(ZPlan)).query(({ ctx }) => listAllPlans(ctx.deps.db)),
  byId: publicProcedure
    .input(ZPlanIdInput)
    .output(ZPlan)
    .query(({ ctx, input }) => getPlan(ctx.deps.db, input.id)),
  create: adminProcedure
    .input(ZPlanCreateInput)
    .output(ZPlan)
    .mutation(({ ctx, input }) => createPlan(ctx.deps.db, ctx.user.id, input)),
  update: adminProcedure
    .input(ZPlanUpdateInput)
    .output(ZPlan)
    .mutation(({ ctx, input }) => updatePlan(ctx.deps.db, ctx.user.id, input)),
  delete: adminProcedure
    .input(ZPlanIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => deletePlan(ctx.deps.db, ctx.user.id, input.id)),
});
