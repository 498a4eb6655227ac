import { ZRoleRequest, ZRoleRequestIdInput } from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init.ts';
import { approveRoleRequest, listRoleRequests, rejectRoleRequest } from './user.role-request.ts';

/**
 * user.roleRequest.*: granting the admin role, demoting or disabling an admin are requests (made by
 * user.update / user.setDisabled) that a second administrator approves here.
 */
export const roleRequestRouter = router({
  /** The pending requests, oldest first. */
  list: adminProcedure.output(z.array(ZRoleRequest)).query(({ ctx }) => listRoleRequests(ctx.deps)),
  /** Approve and make the change: not by the admin who asked, nor by the account it is about. */
  approve: adminProcedure
    .input(ZRoleRequestIdInput)
    .output(ZRoleRequest)
    .mutation(({ ctx, input }) => approveRoleRequest(ctx.deps, ctx.user.id, input.id)),
  /** Reject (or, by the admin who asked, withdraw): nothing changes. */
  reject: adminProcedure
    .input(ZRoleRequestIdInput)
    .output(ZRoleRequest)
    .mutation(({ ctx, input }) => rejectRoleRequest(ctx.deps, ctx.user.id, input.id)),
});
