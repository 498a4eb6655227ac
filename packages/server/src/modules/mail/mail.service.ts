import { tr } from '@vestora/contract';
import type { TMailMessage, TMailOutboxInput, TMailOutboxPage, TOutboxMail } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_PAGE_SIZE, parseSeqCursor, toPage } from '../../lib/paging.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { isAdminReadableKind, withheldMailText } from './mail.outbox.ts';
import { findOutboxMail, listOutboxMail, type OutboxListRow } from './mail.repo.ts';

function toOutboxMail(row: OutboxListRow): TOutboxMail {
  return {
    id: row.id,
    userId: row.user_id,
    to: row.to_address,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: iso(row.next_attempt_at),
    createdAt: iso(row.created_at),
    sentAt: isoOrNull(row.sent_at),
    withheld: !isAdminReadableKind(row.kind),
  };
}

/** The admin Outbox: newest first, no bodies, and whether mail is being delivered at all. */
export async function listOutbox(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: TMailOutboxInput,
): Promise<TMailOutboxPage> {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listOutboxMail(deps.db, {
    status: input.status,
    recipient: input.recipient || undefined,
    beforeSeq: parseSeqCursor(input.cursor),
    limit,
  });
  return { ...toPage(rows, limit, toOutboxMail), delivering: Boolean(deps.config.SMTP_URL) };
}

/**
 * One message with its body, for an admin; the reading is audit-logged. A security message's body (a link, a
 * token, a notice of account security) is never given: `withheld`, and the text says what waits, for whom and why.
 */
export async function openOutboxMail(deps: Pick<AppDeps, 'db'>, adminId: string, id: string): Promise<TMailMessage> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await findOutboxMail(trx, id);
    if (!row) throw new AppError('NOT_FOUND', tr('mail.notFound', 'No message with that id is in the outbox.'));
    const mail = toOutboxMail(row);
    const { withheld } = mail;
    await recordAudit(trx, {
      actorId: adminId,
      action: 'mail.open',
      entityType: 'mail',
      entityId: row.id,
      before: null,
      after: { to: mail.to, subject: mail.subject, kind: mail.kind, status: mail.status, withheld },
    });
    if (withheld) return { ...mail, text: withheldMailText(row.kind, row.to_address), html: null };
    return { ...mail, text: row.text_body, html: row.html_body };
  });
}
