import {
  ZApprovalRef,
  ZCsvMappingInput,
  ZCsvMappingProposalInput,
  ZReconciliation,
  ZSavedCsvMapping,
  ZStatement,
  ZStatementApproveInput,
  ZStatementAssignInput,
  ZStatementDismissInput,
  ZStatementImportInput,
  ZStatementImportResult,
  ZStatementLine,
  ZStatementLinesInput,
} from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init.ts';
import { flowEnv } from '../money/money.core.ts';
import { approveStatement } from './bank-statement.approval.ts';
import { assignLine, dismissLine } from './bank-statement.exceptions.ts';
import { importStatement } from './bank-statement.import.ts';
import { proposeCsvMapping, savedCsvMapping } from './bank-statement.mapping.ts';
import { reconciliation } from './bank-statement.reconciliation.ts';
import { getStatement, listLines, listStatements } from './bank-statement.views.ts';

/** Bank statements of the platform's account: imported as proposals, applied when a second admin approves. */
export const statementRouter = router({
  import: adminProcedure
    .input(ZStatementImportInput)
    .output(ZStatementImportResult)
    .mutation(({ ctx, input }) => importStatement(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
  approve: adminProcedure
    .input(ZStatementApproveInput)
    .output(ZStatement)
    .mutation(({ ctx, input }) => approveStatement(ctx.deps.db, ctx.user, input.statementId, flowEnv(ctx.deps))),
  list: adminProcedure.output(z.array(ZStatement)).query(({ ctx }) => listStatements(ctx.deps.db)),
  /** One statement with its totals as they stand now (the approval dialog reads them before approving). */
  byId: adminProcedure
    .input(ZStatementApproveInput)
    .output(ZStatement)
    .query(({ ctx, input }) => getStatement(ctx.deps.db, input.statementId)),
  lines: adminProcedure
    .input(ZStatementLinesInput)
    .output(z.array(ZStatementLine))
    .query(({ ctx, input }) => listLines(ctx.deps.db, input)),
  assign: adminProcedure
    .input(ZStatementAssignInput)
    .output(ZStatementLine)
    .mutation(({ ctx, input }) => assignLine(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
  dismiss: adminProcedure
    .input(ZStatementDismissInput)
    .output(ZStatementLine)
    .mutation(({ ctx, input }) => dismissLine(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
  csvMapping: adminProcedure
    .input(ZCsvMappingInput)
    .output(ZSavedCsvMapping)
    .query(({ ctx, input }) => savedCsvMapping(ctx.deps.db, input.bankAccount)),
  proposeCsvMapping: adminProcedure
    .input(ZCsvMappingProposalInput)
    .output(ZApprovalRef)
    .mutation(({ ctx, input }) => proposeCsvMapping(ctx.deps.db, ctx.user.id, input, flowEnv(ctx.deps))),
  reconciliation: adminProcedure.output(z.array(ZReconciliation)).query(({ ctx }) => reconciliation(ctx.deps.db)),
});
