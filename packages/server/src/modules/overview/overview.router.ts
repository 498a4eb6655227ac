import { ZAdminCounts, ZAdminOverview, ZAutomationOverview, ZJobStatus, ZPublicStats } from '@vestora/contract';
import { adminProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { listJobStatuses } from '../job/job.service.ts';
import { automationOverview } from './overview.automation.ts';
import { adminCounts, adminOverview, publicStats } from './overview.service.ts';

/** Figures: the home page's (public, from the data, cached) and the operator's morning overview (admin). */
export const overviewRouter = router({
  home: publicProcedure.output(ZPublicStats).query(({ ctx }) => publicStats(ctx.deps)),
  admin: adminProcedure
    .output(ZAdminOverview)
    .query(({ ctx }) => adminOverview(ctx.deps.db, ctx.deps.clock, ctx.deps.config)),
  /** What waits for an admin, for the menu's badges. */
  counts: adminProcedure.output(ZAdminCounts).query(({ ctx }) => adminCounts(ctx.deps.db)),
  /** The background jobs' last run and last error (#29). */
  jobs: adminProcedure
    .output(ZJobStatus.array())
    .query(({ ctx }) => listJobStatuses(ctx.deps.db, ctx.deps.clock.now())),
  /** #31: recurring buys and price alerts: counts, the last week's runs and the latest skips. */
  automation: adminProcedure
    .output(ZAutomationOverview)
    .query(({ ctx }) => automationOverview(ctx.deps.db, ctx.deps.clock.now(), ctx.user.locale)),
});
