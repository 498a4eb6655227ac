import { ZAuditListInput, ZAuditPage } from '@vestora/contract';
import { adminProcedure, router } from '../../trpc/init.ts';
import { listAudit } from './audit.service.ts';

/** The audit log: every admin action with who, when, before and after. */
export const auditRouter = router({
  list: adminProcedure
    .input(ZAuditListInput.prefault({}))
    .output(ZAuditPage)
    .query(({ ctx, input }) => listAudit(ctx.deps.db, input)),
});
