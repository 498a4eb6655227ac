import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuBell } from 'react-icons/lu';
import { LoadMoreOf } from '../../components/table/LoadMore';
import { EmptyState, ErrorState, FailedAction, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification, useUnreadCount } from './notification-hooks';

const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

/** /dashboard/notifications: every notification, newest first, page by page. */
export default function NotificationsPage() {
  const { t } = useLingui();
  usePageTitle(t`Notifications`);
  const query = trpc.notification.list.useInfiniteQuery({ limit: 25 }, nextPage);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = useUnreadCount();
  const { open, markRead } = useOpenNotification();
  return (
    <Stack gap="6" maxW="3xl">
      {/* PageIntro's markup, inline: features/dashboard imports this folder's bell (no two-way folders). */}
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          <Trans>Notifications</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>What happened to your money and your account. Choose what reaches you by e-mail in Settings.</Trans>
        </Text>
      </Stack>
      {query.isPending ? (
        <PageLoader label={t`Loading your notifications...`} />
      ) : query.isError ? (
        <ErrorState
          title={t`Could not load your notifications`}
          description={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<LuBell />}
          title={t`No notifications yet`}
          description={t`Deposits, withdrawals, payouts and security events will show up here.`}
        />
      ) : (
        <Stack gap="3">
          <HStack justify="flex-end">
            <Button
              size="sm"
              variant="outline"
              colorPalette="teal"
              disabled={(unread.data?.count ?? 0) === 0}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              <Trans>Mark all as read</Trans>
            </Button>
          </HStack>
          {markRead.isError ? <FailedAction title={t`Not marked as read`} error={markRead.error} /> : null}
          <Stack as="ul" gap="1" listStyleType="none" bg="bg.panel" rounded="l3" borderWidth="1px" p="2">
            {items.map((n) => (
              <Box as="li" key={n.id}>
                <NotificationItem item={n} onOpen={open} />
              </Box>
            ))}
          </Stack>
          <LoadMoreOf
            list={{
              items,
              hasNextPage: query.hasNextPage,
              isFetchingNextPage: query.isFetchingNextPage,
              fetchNextPage: query.fetchNextPage,
            }}
            noun={['notification', 'notifications']}
          />
        </Stack>
      )}
    </Stack>
  );
}
