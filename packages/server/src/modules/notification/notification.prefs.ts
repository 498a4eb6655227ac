// A member's notification preferences: per category, an in-app and an e-mail channel. Categories the member
// never changed have no row and take the defaults below; locked channels (security and money e-mail) are on
// whatever is stored, and changing them is refused with the reason.
import {
  lockedChannelReason,
  NOTIFICATION_CATEGORIES,
  type TLocale,
  type TNotificationCategory,
  type TNotificationChannels,
  type TNotificationPreferences,
  type TNotificationSetPreferencesInput,
  tr,
} from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import { findNotifyTarget, findPreferenceRows, upsertPreference } from './notification.repo.ts';

/**
 * The defaults: every category in the app; e-mail on for security and money (locked), for investments and
 * statements as the member's older "Email notifications" switch says; marketing off until turned on.
 */
export function defaultChannels(category: TNotificationCategory, emailNotifications: boolean): TNotificationChannels {
  switch (category) {
    case 'security':
    case 'money':
      return { inApp: true, email: true };
    case 'investments':
    case 'statements':
      return { inApp: true, email: emailNotifications };
    case 'marketing':
      return { inApp: false, email: false };
  }
}

/** Stored choice over default, then locked channels forced on. */
export function effectiveChannels(
  category: TNotificationCategory,
  stored: { in_app: boolean; email: boolean } | undefined,
  emailNotifications: boolean,
): TNotificationChannels {
  const base = stored ? { inApp: stored.in_app, email: stored.email } : defaultChannels(category, emailNotifications);
  return {
    inApp: lockedChannelReason(category, 'inApp') ? true : base.inApp,
    email: lockedChannelReason(category, 'email') ? true : base.email,
  };
}

/** One category's channels for one member, as notify reads them (two indexed reads). */
export async function channelsFor(
  db: Database,
  userId: string,
  category: TNotificationCategory,
): Promise<{ email: string; locale: TLocale; channels: TNotificationChannels } | null> {
  const target = await findNotifyTarget(db, userId);
  if (!target) return null;
  const [stored] = await findPreferenceRows(db, userId, category);
  return {
    email: target.email,
    locale: target.locale,
    channels: effectiveChannels(category, stored, target.emailNotifications),
  };
}

/** notification.preferences: every category with its channels and the reason of each locked one. */
export async function getNotificationPreferences(db: Database, userId: string): Promise<TNotificationPreferences> {
  const target = await findNotifyTarget(db, userId);
  if (!target) throw new AppError('NOT_FOUND', tr('notification.userNotFound', 'No such user.'));
  const rows = await findPreferenceRows(db, userId);
  return {
    categories: NOTIFICATION_CATEGORIES.map((category) => ({
      category,
      ...effectiveChannels(
        category,
        rows.find((r) => r.category === category),
        target.emailNotifications,
      ),
      locked: { inApp: lockedChannelReason(category, 'inApp'), email: lockedChannelReason(category, 'email') },
    })),
  };
}

/**
 * notification.setPreferences: changes the named channels. Turning a locked channel off is refused (400,
 * with why) and nothing is stored; asking for it on is accepted (it is on).
 */
export async function setNotificationPreferences(
  db: Database,
  userId: string,
  input: TNotificationSetPreferencesInput,
  now: Date,
): Promise<TNotificationPreferences> {
  for (const category of NOTIFICATION_CATEGORIES) {
    const change = input[category];
    if (!change) continue;
    for (const channel of ['inApp', 'email'] as const) {
      const reason = lockedChannelReason(category, channel);
      if (reason && change[channel] === false) throw new AppError('BAD_INPUT', `${category}.${channel}: ${reason}`);
    }
  }
  await db.transaction().execute(async (trx) => {
    const target = await findNotifyTarget(trx, userId);
    if (!target) throw new AppError('NOT_FOUND', tr('notification.userNotFound', 'No such user.'));
    const rows = await findPreferenceRows(trx, userId);
    for (const category of NOTIFICATION_CATEGORIES) {
      const change = input[category];
      if (!change || (change.inApp === undefined && change.email === undefined)) continue;
      const current = effectiveChannels(
        category,
        rows.find((r) => r.category === category),
        target.emailNotifications,
      );
      await upsertPreference(
        trx,
        userId,
        { category, inApp: change.inApp ?? current.inApp, email: change.email ?? current.email },
        now,
      );
    }
  });
  return getNotificationPreferences(db, userId);
}
