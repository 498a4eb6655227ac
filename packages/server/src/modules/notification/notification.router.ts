import {
  ZNotificationListInput,
  ZNotificationMarkReadInput,
  ZNotificationMarkReadResult,
  ZNotificationPage,
  ZNotificationPreferences,
  ZNotificationSetPreferencesInput,
  ZNotificationUnread,
} from '@vestora/contract';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { getNotificationPreferences, setNotificationPreferences } from './notification.prefs.ts';
import { listOwnNotifications, markRead, unreadCount } from './notification.service.ts';

/** The signed-in member's notification centre: always their own rows. */
export const notificationRouter = router({
  list: protectedProcedure
    .input(ZNotificationListInput)
    .output(ZNotificationPage)
    .query(({ ctx, input }) => listOwnNotifications(ctx.deps.db, ctx.user.id, input, ctx.user.locale)),
  unread: protectedProcedure.output(ZNotificationUnread).query(({ ctx }) => unreadCount(ctx.deps.db, ctx.user.id)),
  markRead: protectedProcedure
    .input(ZNotificationMarkReadInput)
    .output(ZNotificationMarkReadResult)
    .mutation(({ ctx, input }) => markRead(ctx.deps.db, ctx.user.id, input, ctx.deps.clock.now())),
  preferences: protectedProcedure
    .output(ZNotificationPreferences)
    .query(({ ctx }) => getNotificationPreferences(ctx.deps.db, ctx.user.id)),
  setPreferences: protectedProcedure
    .input(ZNotificationSetPreferencesInput)
    .output(ZNotificationPreferences)
    .mutation(({ ctx, input }) => setNotificationPreferences(ctx.deps.db, ctx.user.id, input, ctx.deps.clock.now())),
});
