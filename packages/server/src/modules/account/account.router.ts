import { ZAccount, ZAccountChangeResult, ZAccountUpdateInput } from '@vestora/contract';
import { flowEnv } from '../money/money.core.ts';
import { adminProcedure, protectedProcedure, router } from '../../trpc/init.ts';
import { getDepositAccount, proposeDepositAccount } from './account.service.ts';

export const accountRouter = router({
  get: protectedProcedure.output(ZAccount).query(({ ctx }) => getDepositAccount(ctx.deps.db)),
  update: adminProcedure
    .input(ZAccountUpdateInput)
    .output(ZAccountChangeResult)
    .mutation(({ ctx, input }) => proposeDepositAccount(ctx.deps.db, ctx.user.id, input, flowEnv(ctx.deps))),
});
