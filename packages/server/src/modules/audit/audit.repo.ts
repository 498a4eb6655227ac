import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { TAuditAction, TAuditEntityType } from '@vestora/contract';
import { newestFirstPage } from '../../db/page-query.ts';
import type { AuditRow, DB } from '../../db/schema.ts';

/** A money flow's transition, `${entity}.${transition}` (money.core; audit-actions.test.ts checks each is listed). */
type FlowAuditAction = `${'deposit' | 'withdrawal' | 'investment' | 'referral'}.${string}`;

export interface AuditRecord {
  actorId: string | null;
  /** noun.verb, e.g. "plan.update", "user.update", "deposit.confirm": one of AUDIT_ACTIONS (words in every language). */
  action: TAuditAction | FlowAuditAction;
  entityType: TAuditEntityType;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** An audit record as its new row. */
const auditRow = (rec: AuditRecord) => ({
  id: randomUUID(),
  actor_id: rec.actorId,
  action: rec.action,
  entity_type: rec.entityType,
  entity_id: rec.entityId,
  before: rec.before === undefined ? null : JSON.stringify(rec.before),
  after: rec.after === undefined ? null : JSON.stringify(rec.after),
});

/** Appends one row to the audit log; call it inside the transaction that made the change. */
export async function recordAudit(db: Kysely<DB> | Transaction<DB>, rec: AuditRecord): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(rec)).execute();
}

/** Whether the audit log has an `action` row about this entity. */
export async function hasAuditEntry(db: Kysely<DB>, entityId: string, action: string): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('entity_id', '=', entityId)
    .where('action', '=', action)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** security: sign-ins, sign-outs and ended sessions (auth.*, session.*); changes: every other action. */
export type AuditKind = 'changes' | 'security';

/** An audit row with its actor's email (null for system actions or a deleted actor). */
export type AuditView = AuditRow & { actor_email: string | null };

/** Newest first, `limit + 1` rows (the extra one tells there is a next page). */
export async function listAuditEntries(
  db: Kysely<DB>,
  filter: {
    actorId?: string;
    entityType?: string;
    entityId?: string;
    kind?: AuditKind;
    beforeSeq?: number;
    limit: number;
  },
): Promise<AuditView[]> {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .selectAll('a')
    .select('u.email as actor_email');
  if (filter.kind === 'security')
    q = q.where((eb) => eb.or([eb('a.action', 'like', 'auth.%'), eb('a.action', 'like', 'session.%')]));
  if (filter.kind === 'changes')
    q = q.where((eb) => eb.and([eb('a.action', 'not like', 'auth.%'), eb('a.action', 'not like', 'session.%')]));
  const equals = { actor_id: filter.actorId, entity_type: filter.entityType, entity_id: filter.entityId };
  return newestFirstPage(q, 'a', equals, filter).execute();
}

/** Appends many rows to the audit log in multi-row inserts; call it inside the transaction that made the changes. */
export async function recordAudits(db: Kysely<DB> | Transaction<DB>, recs: AuditRecord[]): Promise<void> {
  for (let i = 0; i < recs.length; i += 500) {
    await db
      .insertInto('audit_log')
      .values(recs.slice(i, i + 500).map(auditRow))
      .execute();
  }
}
