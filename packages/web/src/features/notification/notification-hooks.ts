import { useNavigate } from 'react-router-dom';
import { t } from '@lingui/core/macro';
import type { TNotification } from '@vestora/contract';
import { trpc } from '../../lib/trpc';

/** How often the bell asks for the unread count (the issue: within 30 s, without reloading). */
export const UNREAD_POLL_MS = 30_000;

/** The bell's count, polled every 30 s (one indexed query on the server). */
export function useUnreadCount() {
  return trpc.notification.unread.useQuery(undefined, {
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
  });
}

/** Marks read and refreshes the count and the lists once the server has stored it. */
export function useMarkRead() {
  const utils = trpc.useUtils();
  return trpc.notification.markRead.useMutation({
    onSettled: () => {
      void utils.notification.unread.invalidate();
      void utils.notification.list.invalidate();
    },
  });
}

/** Opening an item: mark it read (when unread) and go to what it is about. */
export function useOpenNotification(onOpened?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const open = (n: TNotification) => {
    if (!n.readAt) markRead.mutate({ ids: [n.id] });
    onOpened?.();
    if (n.link) void navigate(n.link);
  };
  return { open, markRead };
}

/** "Notifications, 3 unread": the bell's name for screen readers. */
export const bellLabel = (count: number | undefined) =>
  count === undefined ? t`Notifications` : t`Notifications, ${count} unread`;
