import { ZMailMessage, ZMailOpenInput, ZMailOutboxInput, ZMailOutboxPage } from '@vestora/contract';
import { adminProcedure, router } from '../../trpc/init.ts';
import { listOutbox, openOutboxMail } from './mail.service.ts';

/** The admin Outbox: every message the platform wrote, and (audit-logged) its body. */
export const mailRouter = router({
  outbox: adminProcedure
    .input(ZMailOutboxInput.prefault({}))
    .output(ZMailOutboxPage)
    .query(({ ctx, input }) => listOutbox(ctx.deps, input)),
  /** Reading a body is audit-logged (`mail.open`), so it is a mutation: opening it twice writes twice. */
  open: adminProcedure
    .input(ZMailOpenInput)
    .output(ZMailMessage)
    .mutation(({ ctx, input }) => openOutboxMail(ctx.deps, ctx.user.id, input.id)),
});
