import { ZLedgerListInput, ZLedgerPage, ZLedgerVerify } from '@vestora/contract';
import { adminProcedure, protectedProcedure, router } from '../../trpc/init.ts';
import { listLedgerFor, runLedgerCheck } from './ledger.service.ts';

/** The ledger: every balance change, and the admin check that balances equal their entries. */
export const ledgerRouter = router({
  list: protectedProcedure
    .input(ZLedgerListInput.prefault({}))
    .output(ZLedgerPage)
    .query(({ ctx, input }) => listLedgerFor(ctx.deps.db, ctx.user, input)),
  verify: adminProcedure.output(ZLedgerVerify).query(({ ctx }) => runLedgerCheck(ctx.deps)),
});
