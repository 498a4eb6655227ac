import { z } from 'zod';
import { tr } from './i18n.ts';
import { ZId, ZPageInput, page, say } from './common.ts';

export const ZMailStatus = z.enum(['queued', 'sent', 'failed']);
export type TMailStatus = z.infer<typeof ZMailStatus>;

/** One outbox row as the admin list shows it: never the body. */
export const ZOutboxMail = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: ZMailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /**
   * A security message (a link, a token, an account notice): its body is the recipient's alone and is never
   * shown to admins; mail.open's `text` says what waits, for whom and why.
   */
  withheld: z.boolean(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

/** mail.outbox: one page, newest first, optionally by status and by recipient (part of the address, any case). */
export const ZMailOutboxInput = ZPageInput.extend({
  status: ZMailStatus.optional(),
  recipient: z
    .string()
    .trim()
    .max(
      254,
      say(() => tr('validation.recipientMustBeAtMost254', 'Recipient must be at most 254 characters')),
    )
    .optional(),
});
export type TMailOutboxInput = z.input<typeof ZMailOutboxInput>;

/** A page of the outbox, and whether mail is being delivered (SMTP_URL set) or only waits here. */
export const ZMailOutboxPage = page(ZOutboxMail).extend({ delivering: z.boolean() });
export type TMailOutboxPage = z.infer<typeof ZMailOutboxPage>;

/** mail.open: one message with its body (null once delivered: the body is dropped then). */
export const ZMailOpenInput = z.strictObject({ id: ZId });
export const ZMailMessage = ZOutboxMail.extend({
  text: z.string().nullable(),
  html: z.string().nullable(),
});
export type TMailMessage = z.infer<typeof ZMailMessage>;

/** user.preferences / user.updatePreferences: what the server keeps for the user. */
export const ZPreferences = z.object({ emailNotifications: z.boolean() });
export type TPreferences = z.infer<typeof ZPreferences>;
export const ZUpdatePreferencesInput = z.strictObject({
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
});
export type TUpdatePreferencesInput = z.infer<typeof ZUpdatePreferencesInput>;
