import {
  tr,
  type TPlan,
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
import { changePlanStatus, createPlan, deletePlan, getPlan, listAllPlans, updatePlan } from './plan.service.ts';

/**
 * A waiting plan's old free-text risk (#34) is English as an admin once typed it: only admins, who choose its level,
 * read it; everyone else gets null and the page says the plan is not yet graded.
 */
const forViewer = (plan: TPlan, isAdmin: boolean): TPlan =>
  isAdmin || plan.riskLevelUnmapped === null ? plan : { ...plan, riskLevelUnmapped: null };

export const planRouter = router({
  /** Active plans; an admin may ask for archived ones too. */
  list: publicProcedure
    .input(ZPlanListInput)
    .output(z.array(ZPlan))
    .query(async ({ ctx, input }) => {
      const includeArchived = input?.includeArchived === true;
      if (includeArchived && ctx.user?.account_type !== 'admin')
        throw new AppError('FORBIDDEN', tr('plan.archivedAdminOnly', 'Only an admin can list archived plans.'));
      const isAdmin = ctx.user?.account_type === 'admin';
      return (await listAllPlans(ctx.deps.db, { includeArchived })).map((p) => forViewer(p, isAdmin));
    }),
  byId: publicProcedure
    .input(ZPlanIdInput)
    .output(ZPlan)
    .query(async ({ ctx, input }) =>
      forViewer(await getPlan(ctx.deps.db, input.id), ctx.user?.account_type === 'admin'),
    ),
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
  /** Archived plans only (admins), newest archive last: what Restore can bring back. */
  listArchived: adminProcedure
    .output(z.array(ZPlan))
    .query(async ({ ctx }) =>
      (await listAllPlans(ctx.deps.db, { includeArchived: true })).filter((p) => p.status === 'archived'),
    ),
  /** An archived plan back to the list and open for investing (audited). */
  restore: adminProcedure
    .input(ZPlanIdInput)
    .output(ZPlan)
    .mutation(({ ctx, input }) =>
      changePlanStatus(ctx.deps.db, ctx.user.id, input.id, 'restore', ctx.deps.clock.now()),
    ),
  /** No new investments for now; open positions run on and are paid as before (audited). */
  pause: adminProcedure
    .input(ZPlanIdInput)
    .output(ZPlan)
    .mutation(({ ctx, input }) => changePlanStatus(ctx.deps.db, ctx.user.id, input.id, 'pause', ctx.deps.clock.now())),
  /** A paused plan takes new investments again (audited). */
  resume: adminProcedure
    .input(ZPlanIdInput)
    .output(ZPlan)
    .mutation(({ ctx, input }) => changePlanStatus(ctx.deps.db, ctx.user.id, input.id, 'resume', ctx.deps.clock.now())),
});
