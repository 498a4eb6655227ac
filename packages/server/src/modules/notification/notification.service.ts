import { tr } from '@vestora/contract';
// The notification centre (#21): `notify` is the one way a member is told of an event. It writes the in-app
// row in the event's own transaction (once per event key) and, as the member's preferences say, queues the
// e-mail through the outbox; list / unread / markRead serve the bell and the page.
import { randomUUID } from 'node:crypto';
import type { TLocale, TNotificationMarkReadInput, TNotificationPage } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import type { NotificationCategory } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { type Msg, renderIn } from '../../i18n/i18n.ts';
import { BRAND, composeMail, queueDecidedMail } from '../mail/mail.outbox.ts';
import { insertOutboxMails } from '../mail/mail.repo.ts';
import { categoryOf, type NotificationKind } from './notification.kinds.ts';
import { channelsFor, effectiveChannels } from './notification.prefs.ts';
import {
  countUnread,
  findNotifyTargets,
  findPreferenceRowsOf,
  insertNotificationOnce,
  insertNotificationsOnce,
  listNotifications,
  markNotificationsRead,
  type NewNotification,
  type NotificationCursor,
} from './notification.repo.ts';

export type { NotificationKind } from './notification.kinds.ts';

/**
 * The e-mail of a notification: every field has a default taken from the notification itself. Texts are
 * descriptors (`tm`), written in the member's language when the mail is queued.
 */
export interface NotifyMail {
  /** The outbox kind (what the Outbox shows, and whether an admin may read it); default: the notification kind. */
  kind?: string;
  /** Default: the member's address. */
  to?: string;
  /** Default: the title. */
  subject?: Msg | string;
  greeting?: Msg;
  /** Default: the body as one paragraph (or the title when there is no body). */
  paragraphs?: Msg[];
  /** An absolute link for the e-mail (the in-app `link` is a path). */
  link?: { label: Msg; url: string };
}

/** One event a member should know of. */
export interface NotifyInput {
  userId: string;
  /** `<prefix>.<event>`: the prefix picks the preference category (notification.kinds.ts). */
  kind: NotificationKind;
  /**
   * Descriptors (`tm`): stored as such and read in the reader's language; the English text is kept beside.
   * A plain string is a text in English only (as every row before #22).
   */
  title: Msg | string;
  /** Several descriptors are paragraphs, read joined with a space. */
  body?: Msg | Msg[] | string | undefined;
  /** A web path the item opens, e.g. `/dashboard/deposits`. */
  link?: string | undefined;
  /**
   * Unique per member and event (e.g. `deposit:<id>:confirm`): a second notify with the same key (a retry, a
   * second instance) writes nothing and queues no mail.
   */
  eventKey: string;
  /** The time of the event (the injected clock). */
  at: Date;
  /** The e-mail channel: omitted, the event is in-app only; given, it is queued when the member's preferences allow. */
  mail?: NotifyMail | undefined;
}

/** What notify did: the new row's id (null when the event was already notified) and the queued mail's id. */
export interface NotifyResult {
  notificationId: string | null;
  mailId: string | null;
}

/**
 * Tells a member of an event, in the caller's transaction (`db` is that transaction): writes the notification
 * row (ON CONFLICT (user_id, event_key) DO NOTHING; hidden from the bell when the member turned the
 * category's in-app channel off) and, only when the row is new, the mail is given and the member's e-mail
 * channel for the category is on (always for security and money), queues the e-mail in the outbox. Nothing
 * happens for a user that does not exist.
 */
function textIn(locale: TLocale, msg: Msg | Msg[] | string): string {
  if (typeof msg === 'string') return msg;
  if (Array.isArray(msg)) return msg.map((m) => renderIn(locale, m)).join(' ');
  return renderIn(locale, msg);
}

/** The notification row of an event (English texts beside the descriptors each reader's language renders). */
function newNotification(input: NotifyInput, category: NotificationCategory, inApp: boolean): NewNotification {
  return {
    userId: input.userId,
    kind: input.kind,
    category,
    title: textIn('en', input.title),
    body: input.body === undefined ? null : textIn('en', input.body),
    titleMsg: typeof input.title === 'string' ? null : input.title,
    bodyMsg: input.body === undefined || typeof input.body === 'string' ? null : input.body,
    link: input.link ?? null,
    eventKey: input.eventKey,
    inApp,
  };
}

export async function notify(db: Database, input: NotifyInput): Promise<NotifyResult> {
  const category = categoryOf(input.kind);
  const target = await channelsFor(db, input.userId, category);
  if (!target) return { notificationId: null, mailId: null };
  const notificationId = await insertNotificationOnce(
    db,
    newNotification(input, category, target.channels.inApp),
    input.at,
  );
  if (!notificationId || !input.mail || !target.channels.email) return { notificationId, mailId: null };
  const mail = input.mail;
  const t = (msg: Msg | Msg[] | string) => textIn(target.locale, msg);
  const mailId = await queueDecidedMail(
    db,
    {
      kind: mail.kind ?? input.kind,
      to: mail.to ?? target.email,
      userId: input.userId,
      locale: target.locale,
      subject: t(mail.subject ?? input.title),
      greeting: mail.greeting ? t(mail.greeting) : undefined,
      paragraphs: mail.paragraphs ? mail.paragraphs.map(t) : [t(input.body ?? input.title)],
      link: mail.link ? { label: t(mail.link.label), url: mail.link.url } : undefined,
    },
    input.at,
  );
  return { notificationId, mailId };
}

/**
 * notify for many events of one time `at`, in the caller's transaction and a few statements: the members and
 * their choices read at once, the notifications written in multi-row inserts (each once per member and event
 * key, as notify), and the e-mails of the new ones whose channel is on queued together. Same rows as notify.
 */
export async function notifyMany(db: Database, inputs: NotifyInput[], at: Date): Promise<void> {
  if (inputs.length === 0) return;
  const userIds = [...new Set(inputs.map((i) => i.userId))];
  const categories = [...new Set(inputs.map((i) => categoryOf(i.kind)))];
  const targets = await findNotifyTargets(db, userIds);
  const stored = new Map(
    (await findPreferenceRowsOf(db, userIds, categories)).map((p) => [`${p.user_id} ${p.category}`, p]),
  );
  const planned = inputs.flatMap((input) => {
    const target = targets.get(input.userId);
    if (!target) return [];
    const category = categoryOf(input.kind);
    const channels = effectiveChannels(category, stored.get(`${input.userId} ${category}`), target.emailNotifications);
    return [{ input, target, category, channels }];
  });
  const inserted = await insertNotificationsOnce(
    db,
    planned.map(({ input, category, channels }) => newNotification(input, category, channels.inApp)),
    at,
  );
  const mails = planned.flatMap(({ input, target, channels }) => {
    if (!inserted.has(`${input.userId} ${input.eventKey}`) || !input.mail || !channels.email) return [];
    const mail = input.mail;
    const t = (msg: Msg | Msg[] | string) => textIn(target.locale, msg);
    const body = composeMail(
      {
        ...(mail.greeting ? { greeting: t(mail.greeting) } : {}),
        paragraphs: mail.paragraphs ? mail.paragraphs.map(t) : [t(input.body ?? input.title)],
        ...(mail.link ? { link: { label: t(mail.link.label), url: mail.link.url } } : {}),
      },
      target.locale,
    );
    return [
      {
        userId: input.userId,
        to: mail.to ?? target.email,
        kind: mail.kind ?? input.kind,
        subject: `${t(mail.subject ?? input.title)} · ${BRAND}`,
        ...body,
      },
    ];
  });
  await insertOutboxMails(db, mails, at);
}

/**
 * A security event (new device, password, email address, two-factor): the in-app notification (titled with
 * the mail's subject) and the security mail (security e-mail cannot be turned off), both in the member's
 * language. Each call is its own event unless `eventKey` names one (a device seen once).
 */
export async function notifySecurity(
  db: Database,
  mail: {
    kind: string;
    to: string;
    userId: string;
    subject: Msg;
    greeting?: Msg;
    paragraphs: Msg[];
    link?: { label: Msg; url: string };
  },
  event: { kind: `security.${string}`; body: Msg; eventKey?: string; link?: string },
  at: Date,
): Promise<NotifyResult> {
  return notify(db, {
    userId: mail.userId,
    kind: event.kind,
    title: mail.subject,
    body: event.body,
    link: event.link ?? '/dashboard/settings',
    eventKey: event.eventKey ?? `${event.kind}:${randomUUID()}`,
    at,
    mail: {
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      paragraphs: mail.paragraphs,
      ...(mail.greeting ? { greeting: mail.greeting } : {}),
      ...(mail.link ? { link: mail.link } : {}),
    },
  });
}

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|(\d{1,15})$/;

/** A cursor is `<createdAt ISO>|<seq>` of the last item seen; anything else is refused (400). */
function parseCursor(cursor: string | undefined): NotificationCursor | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const m = CURSOR.exec(cursor);
  const createdAt = m ? new Date(m[1]!) : null;
  if (!m || !createdAt || Number.isNaN(createdAt.getTime())) {
    throw new AppError(
      'BAD_INPUT',
      tr('paging.badCursor', 'cursor is not valid: pass back the nextCursor of the previous page, or leave it out.'),
    );
  }
  return { createdAt, seq: Number(m[2]) };
}

/** notification.list: one page of the member's own notifications, newest first, in the member's language. */
export async function listOwnNotifications(
  db: Database,
  userId: string,
  input: { cursor?: string | undefined; limit: number },
  locale: TLocale = 'en',
): Promise<TNotificationPage> {
  const rows = await listNotifications(db, userId, { before: parseCursor(input.cursor), limit: input.limit });
  const hasMore = rows.length > input.limit;
  const items = hasMore ? rows.slice(0, input.limit) : rows;
  const last = items[items.length - 1];
  return {
    items: items.map((r) => ({
      id: r.id,
      kind: r.kind,
      category: r.category,
      // In the reader's language when the row has descriptors; rows from before #22 have their English text only.
      title: r.titleMsg ? textIn(locale, r.titleMsg) : r.title,
      body: r.bodyMsg ? textIn(locale, r.bodyMsg) : r.body,
      link: r.link,
      readAt: r.readAt,
      createdAt: r.createdAt,
    })),
    nextCursor: hasMore && last ? `${last.createdAtDate.toISOString()}|${last.seq}` : null,
  };
}

/** notification.unread: the bell's count (one indexed query). */
export async function unreadCount(db: Database, userId: string): Promise<{ count: number }> {
  return { count: await countUnread(db, userId) };
}

/** notification.markRead: the caller's own rows only (ids of anyone else's match nothing). */
export async function markRead(
  db: Database,
  userId: string,
  input: TNotificationMarkReadInput,
  now: Date,
): Promise<{ marked: number }> {
  return { marked: await markNotificationsRead(db, userId, input, now) };
}
