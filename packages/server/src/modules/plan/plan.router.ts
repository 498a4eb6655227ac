import {
  ZPlan,
  ZPlanCreateInput,
  ZPlanDeleteResult,
  ZPlanIdInput,
  ZPlanListInput,
  ZPlanUpdateInput,
} from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { AppError } from '../../lib/errors.ts';
import { createPlan, deletePlan, getPlan, listAllPlans, updatePlan } from './plan.service.ts';

export const planRouter = router({
  /** Active plans; an admin may ask for archived ones too. */
  list: publicProcedure
    .input(ZPlanListInput)
    .output(z.array(ZPlan))
    .query(({ ctx, input }) => {
      const includeArchived = input?.includeArchived === true;
      if (includeArchived && ctx.user?.account_type !== 'admin')
        throw new AppError('FORBIDDEN', 'Only an admin can list archived plans.');
      return listAllPlans(ctx.deps.db, { includeArchived });
    }),
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
    .mutation(({ ctx, input }) => updatePlan(ctx.deps.db, ctx.user.id, input, ctx.deps.clock.now())),
  /** Deletes the plan, or archives it while investments in it are open (the result says which). */
  delete: adminProcedure
    .input(ZPlanIdInput)
    .output(ZPlanDeleteResult)
    .mutation(({ ctx, input }) => deletePlan(ctx.deps.db, ctx.user.id, input.id, ctx.deps.clock.now())),
});
