import {
  CONTACT_RECEIVED_MESSAGE,
  CONTACT_RECEIVED_NO_MAIL_MESSAGE,
  type TContactList,
  type TContactMessage,
  type TContactSendInput,
  tr,
} from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_PAGE_SIZE, parseSeqCursor, toPage } from '../../lib/paging.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { tm, translatorFor } from '../../i18n/i18n.ts';
import { BRAND, composeMail, enqueueMail } from '../mail/mail.outbox.ts';
import {
  type ContactRow,
  countUnreadContactMessages,
  findContactMessage,
  insertContactMessage,
  listContactMessages,
  markContactReplied,
  setContactRead,
} from './contact.repo.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toContactMessage(r: ContactRow): TContactMessage {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    message: r.message,
    ip: r.ip,
    createdAt: new Date(r.created_at).toISOString(),
    readAt: iso(r.read_at),
    repliedAt: iso(r.replied_at),
  };
}

/** Stores a message from the contact form (the per-address limit is counted by the router before this). */
export async function sendContactMessage(
  deps: Deps,
  input: TContactSendInput,
  ip: string | null,
): Promise<{ ok: true; message: string }> {
  await insertContactMessage(deps.db, { ...input, ip }, deps.clock.now());
  // Without SMTP_URL a reply is written to the outbox and never sent: say so rather than "we reply by email".
  return { ok: true, message: deps.config.SMTP_URL ? CONTACT_RECEIVED_MESSAGE : CONTACT_RECEIVED_NO_MAIL_MESSAGE };
}

/** The admin inbox: newest first, cursor-paged, with the number of unread messages. */
export async function listContact(
  deps: Deps,
  input: { cursor?: string | undefined; limit?: number | undefined; unreadOnly?: boolean | undefined },
): Promise<TContactList> {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listContactMessages(deps.db, {
    unreadOnly: input.unreadOnly,
    beforeSeq: parseSeqCursor(input.cursor),
    limit,
  });
  const unread = await countUnreadContactMessages(deps.db);
  return { ...toPage(rows, limit, toContactMessage), unread };
}

const notFound = () => new AppError('NOT_FOUND', tr('contact.notFound', 'No such contact message.'));

export async function markContactRead(deps: Deps, input: { id: string; read: boolean }): Promise<TContactMessage> {
  if (!(await setContactRead(deps.db, input.id, input.read ? deps.clock.now() : null))) throw notFound();
  return toContactMessage((await findContactMessage(deps.db, input.id))!);
}

/**
 * Replies by email: queues a `contact.reply` mail to the sender, marks the message replied, audits it. The mail
 * holds the admin's words only, never what the visitor typed (name or message): the address is the visitor's to
 * choose, so quoting them would send anyone's text to anyone from our domain.
 */
export async function replyToContact(
  deps: Deps,
  adminId: string,
  input: { id: string; message: string },
): Promise<TContactMessage> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const msg = await findContactMessage(trx, input.id);
    if (!msg) throw notFound();
    // The visitor's language is not known (the form does not say it): the frame of the reply is English; the
    // admin's words are theirs, in whatever language they answered.
    const t = translatorFor('en');
    const body = composeMail({
      paragraphs: [
        t(
          tm('mail.contactReply.intro', 'This answers the message sent to {brand} with this address on {date}.', {
            brand: BRAND,
            date: new Date(msg.created_at).toISOString().slice(0, 10),
          }),
        ),
        ...input.message.split(/\r?\n\s*\r?\n/),
      ],
    });
    const subject = t(tm('mail.contactReply.subject', 'Re: your message'));
    const mailId = await enqueueMail(
      trx,
      { kind: 'contact.reply', to: msg.email, userId: null, subject, ...body },
      now,
    );
    await markContactReplied(trx, msg.id, now);
    await recordAudit(trx, {
      actorId: adminId,
      action: 'contact.reply',
      entityType: 'contact_message',
      entityId: msg.id,
      before: { repliedAt: iso(msg.replied_at) },
      after: { repliedAt: now.toISOString(), to: msg.email, mailId },
    });
  });
  return toContactMessage((await findContactMessage(deps.db, input.id))!);
}
