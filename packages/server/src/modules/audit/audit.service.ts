import type { TAuditEntry } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../lib/dates.ts';
import { DEFAULT_PAGE_SIZE, parseSeqCursor, toPage } from '../../lib/paging.ts';
import { type AuditKind, type AuditView, listAuditEntries } from './audit.repo.ts';

/** An audit row as the wire shows it. `before`/`after` are the JSON snapshots the action recorded. */
export function toAuditEntry(row: AuditView): TAuditEntry {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: parseJson(row.before),
    after: parseJson(row.after),
    createdAt: iso(row.created_at),
  };
}

// recordAudit stores JSON text into jsonb; both drivers hand jsonb back parsed, but stay safe if one does not.
function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Audit page for admins, filtered by actor and/or entity. */
export async function listAudit(
  db: Database,
  input: {
    cursor?: string | undefined;
    limit?: number | undefined;
    actorId?: string | undefined;
    entityType?: string | undefined;
    entityId?: string | undefined;
    kind?: AuditKind | undefined;
  },
): Promise<{ items: TAuditEntry[]; nextCursor: string | null }> {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listAuditEntries(db, {
    actorId: input.actorId,
    entityType: input.entityType,
    entityId: input.entityId,
    kind: input.kind,
    beforeSeq: parseSeqCursor(input.cursor),
    limit,
  });
  return toPage(rows, limit, toAuditEntry);
}
