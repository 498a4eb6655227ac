import {
  ZDeposit,
  ZDepositListInput,
  ZDepositPage,
  ZDepositRequestInput,
  ZDepositInstructions,
  ZDepositReviewInput,
  ZDepositReviewResult,
  type TDepositItem,
} from '@vestora/contract';
import { adminProcedure, protectedProcedure, router } from '../../trpc/init.ts';
import { depositFlow, requestDeposit, reviewDeposit } from './deposit.service.ts';
import { flowEnv, listFlow } from '../money/money.core.ts';
import { depositInstructions } from './deposit.instructions.ts';
import { toDeposit } from './deposit.mapper.ts';
import type { DepositRow } from '../../db/schema.ts';
import { bitcoinInstructions, chainFactsOf, toBitcoinDeposit, watcherHeight } from '../bitcoin/bitcoin.service.ts';

/** Deposits: a user declares a transfer, an admin confirms (credits) or rejects it. */
export const depositRouter = router({
  request: protectedProcedure
    .input(ZDepositRequestInput)
    .output(ZDeposit)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('money', { account: ctx.user.id });
      return requestDeposit(ctx.deps.db, ctx.user, input, {
        env: flowEnv(ctx.deps),
        maxPending: ctx.deps.config.MAX_PENDING_DEPOSITS,
      });
    }),
  review: adminProcedure
    .input(ZDepositReviewInput)
    .output(ZDepositReviewResult)
    .mutation(({ ctx, input }) => reviewDeposit(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
  instructions: protectedProcedure.output(ZDepositInstructions).query(async ({ ctx }) => {
    const bank = await depositInstructions(ctx.deps.db, ctx.user.id);
    const bitcoin = await bitcoinInstructions(ctx.deps.db, ctx.deps.config, ctx.user.id, ctx.deps.clock.now());
    return bitcoin ? { ...bank, bitcoin } : bank;
  }),
  list: protectedProcedure
    .input(ZDepositListInput.prefault({}))
    .output(ZDepositPage)
    .query(async ({ ctx, input }) => {
      // Bitcoin payments count their confirmations against the last block the watcher finished.
      const height = await watcherHeight(ctx.deps.db);
      const required = ctx.deps.config.BTC_CONFIRMATIONS;
      // The page of deposits rows first; a Bitcoin row's chain facts come from bitcoin_deposits, in one query.
      const page = await listFlow(
        ctx.deps.db,
        { ...depositFlow, toWire: (row: DepositRow, email: string) => ({ row, email }) },
        ctx.user,
        input,
      );
      const chain = await chainFactsOf(
        ctx.deps.db,
        page.items.map((i) => i.row),
      );
      const toItem = ({ row, email }: { row: DepositRow; email: string }): TDepositItem => {
        const facts = row.method === 'bitcoin' ? chain.get(row.id) : undefined;
        if (row.method === 'bitcoin' && !facts) throw new Error(`Bitcoin deposit ${row.id} has no chain row`);
        return facts ? toBitcoinDeposit(row, facts, email, height, required) : toDeposit(row, email);
      };
      return { ...page, items: page.items.map(toItem) };
    }),
});
