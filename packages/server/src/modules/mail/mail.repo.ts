import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

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
export async function insertOutboxMail(db: Executor, mail: NewOutboxMail, now: Date): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      user_id: mail.userId,
      to_address: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      created_at: now,
      next_attempt_at: now,
    })
    .execute();
  return id;
}

/** Whether the user wants notification mail (security mail ignores this). */
export async function wantsNotifications(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_notifications').where('id', '=', userId).executeTakeFirst();
  return row?.email_notifications ?? false;
}
