import { ZBitcoinExceptionList, ZBitcoinStatus } from '@vestora/contract';
import { adminProcedure, router } from '../../trpc/init.ts';
import { bitcoinExceptions, bitcoinStatus } from './bitcoin.service.ts';

/** Admin views of the chain watcher. */
export const bitcoinRouter = router({
  status: adminProcedure
    .output(ZBitcoinStatus)
    .query(({ ctx }) => bitcoinStatus(ctx.deps.db, ctx.deps.config, ctx.deps.clock.now())),
  exceptions: adminProcedure.output(ZBitcoinExceptionList).query(({ ctx }) => bitcoinExceptions(ctx.deps.db)),
});
