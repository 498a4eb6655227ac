import { ZAccountStatementGetInput, ZAccountStatementList, ZStatementFile, ZYearSummaryInput } from '@vestora/contract';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { getAccountStatementFile, listAccountStatements, yearSummaryFile } from './account-statement.service.ts';

/** A member's monthly account statements and yearly interest summary (their own only, admins included). */
export const accountStatementRouter = router({
  list: protectedProcedure
    .output(ZAccountStatementList)
    .query(({ ctx }) => listAccountStatements(ctx.deps, ctx.user.id)),
  get: protectedProcedure
    .input(ZAccountStatementGetInput)
    .output(ZStatementFile)
    .query(({ ctx, input }) => getAccountStatementFile(ctx.deps, ctx.user.id, input)),
  yearSummary: protectedProcedure
    .input(ZYearSummaryInput)
    .output(ZStatementFile)
    .query(({ ctx, input }) => yearSummaryFile(ctx.deps, ctx.user.id, input, ctx.user.locale)),
});
