import { ZBitcoinExceptionList, ZBitcoinResolveAmountInput, ZBitcoinStatus, ZBitcoinUtxoList } from '@vestora/contract';
import { adminProcedure, router } from '../../trpc/init.ts';
import { bitcoinExceptions, bitcoinStatus, resolveAmount } from './bitcoin.service.ts';
import { payoutBatchRouter } from './bitcoin.batch.router.ts';
import { bitcoinUtxos } from './bitcoin.utxo.ts';

/** Admin views of the chain watcher. */
export const bitcoinRouter = router({
  status: adminProcedure
    .output(ZBitcoinStatus)
    .query(({ ctx }) => bitcoinStatus(ctx.deps.db, ctx.deps.config, ctx.deps.clock.now())),
  /** #32: the coins we hold (outputs of BTC_XPUB's addresses not spent in a block). */
  utxos: adminProcedure.output(ZBitcoinUtxoList).query(({ ctx }) => bitcoinUtxos(ctx.deps.db)),
  exceptions: adminProcedure.output(ZBitcoinExceptionList).query(({ ctx }) => bitcoinExceptions(ctx.deps.db)),
  resolveAmount: adminProcedure
    .input(ZBitcoinResolveAmountInput)
    .output(ZBitcoinExceptionList)
    .mutation(({ ctx, input }) => resolveAmount(ctx.deps.db, ctx.user, input, ctx.deps.clock.now())),
  /** #32: approved Bitcoin withdrawals leave in batches, as PSBTs the operator signs offline. */
  payoutBatch: payoutBatchRouter,
});
