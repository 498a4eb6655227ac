import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface AuditRecord {
  actorId: string | null;
  /** verb.noun, e.g. "plan.update", "user.update", "deposit.confirm". */
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** Appends one row to the audit log; call it inside the transaction that made the change. */
export async function recordAudit(db: Kysely<DB> | Transaction<DB>, rec: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      actor_id: rec.actorId,
      action: rec.action,
      entity_type: rec.entityType,
      entity_id: rec.entityId,
      before: rec.before === undefined ? null : JSON.stringify(rec.before),
      after: rec.after === undefined ? null : JSON.stringify(rec.after),
    })
    .execute();
}
