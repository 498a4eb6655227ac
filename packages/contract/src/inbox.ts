import { z } from 'zod';
import { ZLocale } from './locale-schema.ts';
import { tr, translate } from './i18n.ts';
import { plain, text, ZEmail, ZId, ZPageInput, ZTimestamp, page, say, atMost } from './common.ts';

// Issue #10, the inbox part: signed-in devices, the contact form and its admin inbox, the newsletter.

/** One signed-in device of the caller (never a token or its hash). */
export const ZDeviceSession = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: ZTimestamp,
  lastSeenAt: ZTimestamp,
  /** The session this request came with. */
  current: z.boolean(),
});
export type TDeviceSession = z.infer<typeof ZDeviceSession>;

export const ZRevokeSessionInput = z.strictObject({ id: z.uuid({ error: 'id must be a valid session id' }) });

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
const MESSAGE = tr('field.message', 'Message');
const REPLY = tr('field.reply', 'Reply');

export const ZContactSendInput = z.strictObject({
  name: text(tr('field.name', 'Name'), 100),
  email: ZEmail,
  message: plain(
    z
      .string(say(() => tr('validation.messageIsRequired', 'Message is required')))
      .trim()
      .min(
        CONTACT_MESSAGE_MIN,
        say(() =>
          tr('validation.tooShort', '{label} must be at least {min} characters', {
            label: translate(MESSAGE),
            min: CONTACT_MESSAGE_MIN,
          }),
        ),
      )
      .max(CONTACT_MESSAGE_MAX, atMost(MESSAGE, CONTACT_MESSAGE_MAX)),
    MESSAGE,
    { multiline: true },
  ),
});
export type TContactSendInput = z.infer<typeof ZContactSendInput>;

export const CONTACT_RECEIVED_MESSAGE = 'Thanks — your message was received. We reply by email.';
/** The same answer on an installation that sends no mail (no SMTP_URL): a reply could not reach the sender. */
export const CONTACT_RECEIVED_NO_MAIL_MESSAGE =
  'Thanks — your message was received and the team can read it. Mail is not being sent on this installation, so a reply by email cannot reach you until an administrator sets up mail.';

export const ZContactSendResult = z.object({ ok: z.literal(true), message: z.string() });

export const ZContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  ip: z.string().nullable(),
  createdAt: ZTimestamp,
  readAt: ZTimestamp.nullable(),
  repliedAt: ZTimestamp.nullable(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZContactListInput = ZPageInput.extend({ unreadOnly: z.boolean().optional() });
export const ZContactList = page(ZContactMessage).extend({ unread: z.number().int() });
export type TContactList = z.infer<typeof ZContactList>;

export const ZContactMarkReadInput = z.strictObject({ id: ZId, read: z.boolean() });

export const ZContactReplyInput = z.strictObject({
  id: ZId,
  message: plain(
    z
      .string(say(() => tr('validation.replyIsRequired', 'Reply is required')))
      .trim()
      .min(
        1,
        say(() => tr('validation.replyIsRequired', 'Reply is required')),
      )
      .max(CONTACT_MESSAGE_MAX, atMost(REPLY, CONTACT_MESSAGE_MAX)),
    REPLY,
    { multiline: true },
  ),
});

export const ZNewsletterSubscribeInput = z.strictObject({
  email: ZEmail,
  /** The language the visitor was reading in (#22): the confirmation mail is written in it. */
  locale: ZLocale.optional(),
});
export const NEWSLETTER_SUBSCRIBE_MESSAGE =
  'Check your inbox to confirm. If the address can receive our newsletter, a confirmation link is on its way.';
/** The same answer on an installation that sends no mail: the confirmation link waits in the outbox. */
export const NEWSLETTER_SUBSCRIBE_NO_MAIL_MESSAGE =
  'Mail is not being sent on this installation, so no confirmation link will arrive for now: it waits in the outbox and goes out once an administrator sets up mail. Nothing is subscribed until you open it.';
export const ZNewsletterSubscribeResult = z.object({ ok: z.literal(true), message: z.string() });

/** A token from a confirm or unsubscribe link (base64url). */
export const ZNewsletterTokenInput = z.strictObject({
  token: z
    .string({ error: 'token is required' })
    .min(1, 'token is required')
    .max(200, 'token must be at most 200 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'token is not a valid link token'),
});

export const ZNewsletterOutcome = z.object({
  status: z.enum(['confirmed', 'unsubscribed']),
  email: z.string(),
});

export const ZNewsletterStats = z.object({
  pending: z.number().int(),
  confirmed: z.number().int(),
  unsubscribed: z.number().int(),
});

export const ZNewsletterExportRow = z.object({ email: z.string(), confirmedAt: ZTimestamp });
