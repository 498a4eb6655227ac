import {
  ZNewsletterExportRow,
  ZNewsletterOutcome,
  ZNewsletterStats,
  ZNewsletterSubscribeInput,
  ZNewsletterSubscribeResult,
  ZNewsletterTokenInput,
} from '@vestora/contract';
import { z } from 'zod';
import { adminProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { confirm, exportConfirmed, newsletterStats, subscribe, unsubscribe } from './newsletter.service.ts';

export const newsletterRouter = router({
  /** Double opt-in; the same answer whether or not the address is known. Limited per email and per client address. */
  subscribe: publicProcedure
    .input(ZNewsletterSubscribeInput)
    .output(ZNewsletterSubscribeResult)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('newsletter', { account: input.email, address: ctx.clientAddress });
      return subscribe(ctx.deps, input.email, input.locale);
    }),
  /** The link of the confirmation mail (single use, 48 h). */
  confirm: publicProcedure
    .input(ZNewsletterTokenInput)
    .output(ZNewsletterOutcome)
    .mutation(({ ctx, input }) => confirm(ctx.deps, input.token)),
  /** The unsubscribe link every newsletter mail carries. */
  unsubscribe: publicProcedure
    .input(ZNewsletterTokenInput)
    .output(ZNewsletterOutcome)
    .mutation(({ ctx, input }) => unsubscribe(ctx.deps, input.token)),
  stats: adminProcedure.output(ZNewsletterStats).query(({ ctx }) => newsletterStats(ctx.deps)),
  /** The confirmed addresses, for a CSV export (the web client builds the file). */
  exportConfirmed: adminProcedure.output(z.array(ZNewsletterExportRow)).query(({ ctx }) => exportConfirmed(ctx.deps)),
});
