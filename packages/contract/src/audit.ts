import { z } from 'zod';
import { ZId, ZPageInput, page, plain } from './common.ts';

export const ZAuditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** audit.list: one page of audit rows, optionally by actor, entity or kind. */
export const ZAuditListInput = ZPageInput.extend({
  actorId: ZId.optional(),
  entityType: plain(z.string().max(40), 'entityType').optional(),
  /** One entity's history, e.g. a withdrawal's timeline. */
  entityId: plain(z.string().max(100), 'entityId').optional(),
  /**
   * security: sign-ins (and failed attempts), sign-outs and ended sessions (actions auth.* and session.*);
   * changes: everything else (what admins and the system changed); unset: both.
   */
  kind: z.enum(['changes', 'security']).optional(),
});
/** What a caller sends (limit may be left out). */
export type TAuditListInput = z.input<typeof ZAuditListInput>;
export const ZAuditPage = page(ZAuditEntry);
