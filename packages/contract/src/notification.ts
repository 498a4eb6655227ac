import { z } from 'zod';
import { ZId, ZPageInput, ZTimestamp, page } from './common.ts';

/** What a notification is about: each category has an in-app and an e-mail channel (#21). */
export const NOTIFICATION_CATEGORIES = ['security', 'money', 'investments', 'statements', 'marketing'] as const;
export const ZNotificationCategory = z.enum(NOTIFICATION_CATEGORIES);
export type TNotificationCategory = z.infer<typeof ZNotificationCategory>;

/** The channels of a category. */
export const NOTIFICATION_CHANNELS = ['inApp', 'email'] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** One word per category: what the Settings page and any list call it, and what it covers. */
export const NOTIFICATION_CATEGORY_LABELS: Record<TNotificationCategory, { label: string; covers: string }> = {
  security: {
    label: 'Security',
    covers: 'Sign-ins from a new device, password, email address and two-factor changes.',
  },
  money: {
    label: 'Money movements',
    covers: 'Deposits credited or rejected, withdrawals approved, sent, paid or returned.',
  },
  investments: {
    label: 'Investments',
    covers: 'Interest payouts, matured and renewed investments, referral rewards.',
  },
  statements: { label: 'Statements', covers: 'A new monthly statement or yearly summary is ready.' },
  marketing: { label: 'News and offers', covers: 'New plans and product news. Off until you turn it on.' },
};

/**
 * Channels a member cannot turn off, and why (the server refuses with this reason; the Settings page shows it
 * next to the locked switch).
 */
export const LOCKED_NOTIFICATION_CHANNELS: Partial<
  Record<TNotificationCategory, Partial<Record<TNotificationChannel, string>>>
> = {
  security: {
    email: 'Security emails cannot be turned off: they are how you learn that someone else may be using your account.',
  },
  money: {
    email:
      'Emails about money moving in or out of your account cannot be turned off: they are your record that it happened.',
  },
};

/** The reason a channel is locked on, or null when the member may turn it off. */
export function lockedChannelReason(category: TNotificationCategory, channel: TNotificationChannel): string | null {
  return LOCKED_NOTIFICATION_CHANNELS[category]?.[channel] ?? null;
}

/** One item of the notification list. `link` is a path in the web app the item opens (null: nothing to open). */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.string(),
  category: ZNotificationCategory,
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  readAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
});
export type TNotification = z.infer<typeof ZNotification>;

/** notification.list: one page, newest first. */
export const ZNotificationListInput = ZPageInput;
export type TNotificationListInput = z.input<typeof ZNotificationListInput>;
export const ZNotificationPage = page(ZNotification);
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

/** notification.unread: how many of the member's notifications are unread. */
export const ZNotificationUnread = z.object({ count: z.number().int() });
export type TNotificationUnread = z.infer<typeof ZNotificationUnread>;

/** notification.markRead: some of the caller's own notifications by id, or all of them. */
export const ZNotificationMarkReadInput = z.union([
  z.strictObject({
    ids: z
      .array(ZId, { error: 'ids must be a list of notification ids' })
      .min(1, 'ids must name at least one notification')
      .max(100, 'ids may name at most 100 notifications at once'),
  }),
  z.strictObject({ all: z.literal(true, { error: 'all must be true' }) }),
]);
export type TNotificationMarkReadInput = z.infer<typeof ZNotificationMarkReadInput>;
export const ZNotificationMarkReadResult = z.object({ marked: z.number().int() });
export type TNotificationMarkReadResult = z.infer<typeof ZNotificationMarkReadResult>;

/** One category's channels. */
export const ZNotificationChannels = z.object({ inApp: z.boolean(), email: z.boolean() });
export type TNotificationChannels = z.infer<typeof ZNotificationChannels>;

/** notification.preferences: every category's channels, and for each locked channel the reason. */
export const ZNotificationPreferences = z.object({
  categories: z.array(
    z.object({
      category: ZNotificationCategory,
      inApp: z.boolean(),
      email: z.boolean(),
      /** Channels the member cannot turn off, with why. */
      locked: z.object({ inApp: z.string().nullable(), email: z.string().nullable() }),
    }),
  ),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

const ZChannelChange = z.strictObject({
  inApp: z.boolean({ error: 'inApp must be true or false' }).optional(),
  email: z.boolean({ error: 'email must be true or false' }).optional(),
});

/**
 * notification.setPreferences: the channels to change, per category (left out: unchanged), e.g.
 * `{ investments: { email: false }, marketing: { inApp: true, email: true } }`.
 */
export const ZNotificationSetPreferencesInput = z.strictObject({
  security: ZChannelChange.optional(),
  money: ZChannelChange.optional(),
  investments: ZChannelChange.optional(),
  statements: ZChannelChange.optional(),
  marketing: ZChannelChange.optional(),
});
export type TNotificationSetPreferencesInput = z.infer<typeof ZNotificationSetPreferencesInput>;
