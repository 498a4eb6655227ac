import {
  ZApprovalRef,
  ZBitcoinWithdrawalTerms,
  ZCryptoReleaseInput,
  ZPaymentFile,
  ZPaymentFileDownload,
  ZPaymentFileDownloadInput,
  ZPaymentFileSummary,
  ZWithdrawal,
  ZWithdrawalCancelInput,
  ZWithdrawalListInput,
  ZWithdrawalPage,
  ZWithdrawalRequestInput,
  ZWithdrawalReviewInput,
} from '@vestora/contract';
import { adminProcedure, protectedProcedure, router } from '../../trpc/init.ts';
import { cancelWithdrawal, requestWithdrawal, reviewWithdrawal, withdrawalFlow } from './withdrawal.service.ts';
import { flowEnv, listFlow } from '../money/money.core.ts';
import { downloadPaymentFile, exportPayments, listPaymentFiles } from './withdrawal.payments.ts';
import { proposeCryptoRelease } from './withdrawal.release.ts';
import { bitcoinWithdrawalTerms, requestBitcoinWithdrawal } from './withdrawal.bitcoin.ts';
import { z } from 'zod';
import { requireCodeGiven, spendCurrentCode } from '../twofactor/twofactor.service.ts';
import { assertMayWithdraw } from '../user/user.email.ts';

/** Withdrawals: requesting holds the funds; the owner may cancel while pending; an admin pays or rejects. */
export const withdrawalRouter = router({
  request: protectedProcedure
    .input(ZWithdrawalRequestInput)
    .output(ZWithdrawal)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('money', { account: ctx.user.id });
      assertMayWithdraw(ctx.deps.config, ctx.user);
      const env = flowEnv(ctx.deps);
      // #32: BTC from the member's holding to their Bitcoin address; else dollars.
      const request = (opts: Parameters<typeof requestWithdrawal>[3]) =>
        input.method === 'bitcoin'
          ? requestBitcoinWithdrawal(ctx.deps.db, ctx.user, input, { ...opts, market: ctx.deps.market })
          : requestWithdrawal(ctx.deps.db, ctx.user, input, opts);
      if (ctx.user.two_factor_enabled_at === null) return request({ env });
      const otp = input.otp;
      requireCodeGiven(otp);
      await ctx.deps.limits.consume('twoFactor', { account: ctx.user.email, address: ctx.clientAddress });
      return request({
        env,
        checkBeforeCommit: (trx) => spendCurrentCode(ctx.deps, trx, ctx.user.id, otp),
      });
    }),
  // #32: what a Bitcoin withdrawal costs (the flat fee on top) and whether it is open, for the Cashout form.
  bitcoinTerms: protectedProcedure
    .output(ZBitcoinWithdrawalTerms)
    .query(({ ctx }) => bitcoinWithdrawalTerms(ctx.deps.config)),
  cancel: protectedProcedure
    .input(ZWithdrawalCancelInput)
    .output(ZWithdrawal)
    .mutation(({ ctx, input }) => cancelWithdrawal(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
  review: adminProcedure
    .input(ZWithdrawalReviewInput)
    .output(ZWithdrawal)
    .mutation(({ ctx, input }) => reviewWithdrawal(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
  // #34: a crypto payout still sent goes back to the member's balance once a second admin approves.
  proposeCryptoRelease: adminProcedure
    .input(ZCryptoReleaseInput)
    .output(ZApprovalRef)
    .mutation(({ ctx, input }) => proposeCryptoRelease(ctx.deps.db, ctx.user, input, flowEnv(ctx.deps))),
  exportPayments: adminProcedure
    .output(ZPaymentFile)
    .mutation(({ ctx }) => exportPayments(ctx.deps.db, ctx.user, flowEnv(ctx.deps))),
  paymentFiles: adminProcedure.output(z.array(ZPaymentFileSummary)).query(({ ctx }) => listPaymentFiles(ctx.deps.db)),
  downloadPaymentFile: adminProcedure
    .input(ZPaymentFileDownloadInput)
    .output(ZPaymentFileDownload)
    .mutation(({ ctx, input }) => downloadPaymentFile(ctx.deps.db, ctx.user, input.fileName)),
  list: protectedProcedure
    .input(ZWithdrawalListInput.prefault({}))
    .output(ZWithdrawalPage)
    .query(({ ctx, input }) => listFlow(ctx.deps.db, withdrawalFlow, ctx.user, input)),
});
