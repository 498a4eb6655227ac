import {
  ZContactList,
  ZContactListInput,
  ZContactMarkReadInput,
  ZContactMessage,
  ZContactReplyInput,
  ZContactSendInput,
  ZContactSendResult,
} from '@vestora/contract';
import { adminProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { listContact, markContactRead, replyToContact, sendContactMessage } from './contact.service.ts';

export const contactRouter = router({
  /** The public contact form: stored for the admin Inbox; a few messages per client address per minute. */
  send: publicProcedure
    .input(ZContactSendInput)
    .output(ZContactSendResult)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limits.consume('contact', { address: ctx.clientAddress });
      return sendContactMessage(ctx.deps, input, ctx.clientAddress);
    }),
  list: adminProcedure
    .input(ZContactListInput)
    .output(ZContactList)
    .query(({ ctx, input }) => listContact(ctx.deps, input)),
  markRead: adminProcedure
    .input(ZContactMarkReadInput)
    .output(ZContactMessage)
    .mutation(({ ctx, input }) => markContactRead(ctx.deps, input)),
  reply: adminProcedure
    .input(ZContactReplyInput)
    .output(ZContactMessage)
    .mutation(({ ctx, input }) => replyToContact(ctx.deps, ctx.user.id, input)),
});
