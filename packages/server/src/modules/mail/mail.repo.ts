import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { TLocale } from '@vestora/contract';
import { newestFirstPage } from '../../db/page-query.ts';
import type { DB, MailOutboxRow, MailStatus } from '../../db/schema.ts';

type Executor = Kysely<DB>;

export interface NewOutboxMail {
  userId: string | null;
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** Writes one message to the outbox (in the caller's transaction when `db` is one); returns its id. */
/** An outbox message as its new row, due now. */
const outboxRow = (id: string, mail: NewOutboxMail, now: Date) => ({
  id,
  user_id: mail.userId,
  to_address: mail.to,
  kind: mail.kind,
  subject: mail.subject,
  text_body: mail.text,
  html_body: mail.html,
  created_at: now,
  next_attempt_at: now,
});

export async function insertOutboxMail(db: Executor, mail: NewOutboxMail, now: Date): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values(outboxRow(id, mail, now))
    .execute();
  return id;
}

/** Writes many messages to the outbox in multi-row inserts (in the caller's transaction when `db` is one). */
export async function insertOutboxMails(db: Executor, mails: NewOutboxMail[], now: Date): Promise<void> {
  for (let i = 0; i < mails.length; i += 500) {
    await db
      .insertInto('mail_outbox')
      .values(mails.slice(i, i + 500).map((mail) => outboxRow(randomUUID(), mail, now)))
      .execute();
  }
}

/** Whether the user wants notification mail (security mail ignores this). */
export async function wantsNotifications(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_notifications').where('id', '=', userId).executeTakeFirst();
  return row?.email_notifications ?? false;
}

/** Who a notification goes to: the address and whether they want notification mail (null: no such user). */
export async function findMailTarget(
  db: Executor,
  userId: string,
): Promise<{ email: string; emailNotifications: boolean } | null> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'email_notifications'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { email: row.email, emailNotifications: row.email_notifications } : null;
}

/** The language a member's mail is written in (#22); English for an unknown id. */
export async function findUserLocale(db: Executor, userId: string): Promise<TLocale> {
  const row = await db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return row?.locale ?? 'en';
}

/** A claimed message, ready to hand to the mail server. */
export interface ClaimedMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` queued messages due at `now`, oldest first: in one short transaction, rows locked with
 * FOR UPDATE SKIP LOCKED (another sender skips them) get one more attempt and a lease (`leaseUntil`) during
 * which no other sender picks them up, even after this transaction commits. Returns them with the new count.
 */
export async function claimDueMail(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('seq')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('mail_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
      .where(
        'id',
        'in',
        due.map((r) => r.id),
      )
      .where('status', '=', 'queued')
      .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
      .execute();
  });
}

/** The mail server accepted it: sent, and the body (which may hold a link) is dropped. */
export async function markMailSent(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: now, text_body: null, html_body: null, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** A failed attempt: retried at `retryAt`, or given up (`failed`) when `retryAt` is null. */
export async function markMailAttemptFailed(
  db: Executor,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(retryAt ? { last_error: error, next_attempt_at: retryAt } : { last_error: error, status: 'failed' as const })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** An outbox row as the admin list shows it (no bodies). */
export type OutboxListRow = Omit<MailOutboxRow, 'text_body' | 'html_body'>;

/** Newest first, `limit + 1` rows; bodies are not read. */
export async function listOutboxMail(
  db: Executor,
  filter: {
    status?: MailStatus | undefined;
    /** Part of the recipient's address, any case (LIKE wildcards in it are taken literally). */
    recipient?: string | undefined;
    beforeSeq?: number | undefined;
    limit: number;
  },
): Promise<OutboxListRow[]> {
  let q = db
    .selectFrom('mail_outbox as m')
    .select([
      'm.id',
      'm.seq',
      'm.user_id',
      'm.to_address',
      'm.kind',
      'm.subject',
      'm.status',
      'm.attempts',
      'm.next_attempt_at',
      'm.last_error',
      'm.created_at',
      'm.sent_at',
    ]);
  if (filter.recipient) {
    const pattern = `%${filter.recipient.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`lower(m.to_address) like ${pattern}`);
  }
  return newestFirstPage(q, 'm', { status: filter.status }, filter).execute();
}

/** One message with its body (null once delivered). */
export async function findOutboxMail(db: Executor, id: string): Promise<MailOutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Counts by status (the Outbox page's summary and the tests' figures). */
export async function countOutboxByStatus(db: Executor): Promise<Record<MailStatus, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  const out: Record<MailStatus, number> = { queued: 0, sent: 0, failed: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

/**
 * Serialises, until the caller's transaction ends, everyone queueing account mail to one address (a
 * transaction-scoped advisory lock on the address), so a count followed by an insert cannot be passed by two.
 */
export async function lockMailRecipient(db: Executor, to: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`mail-recipient:${to.toLowerCase()}`}))`.execute(db);
}

/** Messages of these kinds queued to an address (any case) since `since`. */
export async function countMailsToSince(
  db: Executor,
  to: string,
  kinds: readonly string[],
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(sql<string>`lower(to_address)`, '=', to.toLowerCase())
    .where('kind', 'in', kinds)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
