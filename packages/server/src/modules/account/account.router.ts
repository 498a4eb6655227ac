import { ZAccount, ZAccountUpdateInput } from '@vestora/contract';
import { adminProcedure, protectedProcedure, router } from '../../trpc/init.ts';
import { getDepositAccount, updateDepositAccount } from './account.service.ts';

export const accountRouter = router({
  get: protectedProcedure.output(ZAccount).query(({ ctx }) => getDepositAccount(ctx.deps.db)),
  update: adminProcedure
    .input(ZAccountUpdateInput)
    .output(ZAccount)
    .mutation(({ ctx, input }) => updateDepositAccount(ctx.deps.db, ctx.user.id, input, ctx.deps.clock.now())),
});
