import { ZApproval, ZApprovalIdInput, ZApprovalListInput, ZApprovalRejectInput } from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init.ts';
import { flowEnv } from '../money/money.core.ts';
import { approveApproval, listApprovals, rejectApproval } from './approval.service.ts';

/** Money a person decides (#27): the proposals a second administrator approves or rejects. */
export const approvalRouter = router({
  list: adminProcedure
    .input(ZApprovalListInput.prefault({}))
    .output(z.array(ZApproval))
    .query(({ ctx, input }) => listApprovals(ctx.deps.db, input)),
  approve: adminProcedure
    .input(ZApprovalIdInput)
    .output(ZApproval)
    .mutation(({ ctx, input }) => approveApproval(ctx.deps.db, ctx.user, input.id, flowEnv(ctx.deps))),
  reject: adminProcedure
    .input(ZApprovalRejectInput)
    .output(ZApproval)
    .mutation(({ ctx, input }) => rejectApproval(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
});
