import {
  ZPayoutBatch,
  ZPayoutBatchBuildInput,
  ZPayoutBatchBuilt,
  ZPayoutBatchIdInput,
  ZPayoutBatchList,
  ZPayoutBatchSubmitInput,
} from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { adminProcedure, router } from '../../trpc/init.ts';
import { flowEnv } from '../money/money.core.ts';
import { type BatchDeps, buildBatch, cancelBatch, listBatches, submitBatch } from './bitcoin.batch.service.ts';
import { createEsploraClient } from './esplora.client.ts';

const batchDeps = (deps: AppDeps): BatchDeps => ({
  db: deps.db,
  config: deps.config,
  esplora: createEsploraClient(deps.config.ESPLORA_URL),
  env: flowEnv(deps),
});

/** #32: Bitcoin payout batches (admin): build a PSBT, upload it signed, cancel it, list them. */
export const payoutBatchRouter = router({
  build: adminProcedure
    .input(ZPayoutBatchBuildInput)
    .output(ZPayoutBatchBuilt)
    .mutation(({ ctx, input }) => buildBatch(batchDeps(ctx.deps), ctx.user, input)),
  submit: adminProcedure
    .input(ZPayoutBatchSubmitInput)
    .output(ZPayoutBatch)
    .mutation(({ ctx, input }) => submitBatch(batchDeps(ctx.deps), ctx.user, input)),
  cancel: adminProcedure
    .input(ZPayoutBatchIdInput)
    .output(ZPayoutBatch)
    .mutation(({ ctx, input }) => cancelBatch(batchDeps(ctx.deps), ctx.user, input)),
  list: adminProcedure.output(ZPayoutBatchList).query(({ ctx }) => listBatches(ctx.deps.db)),
});
