import { useState } from 'react';
import { Box, Button, HStack, IconButton, Link, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuBell } from 'react-icons/lu';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { NotificationItem } from './NotificationItem';
import { bellLabel, useOpenNotification, useUnreadCount } from './notification-hooks';

const LATEST = 8;

/** The latest notifications in the bell's popover (fetched when it opens). */
function LatestList({ onOpened }: { onOpened: () => void }) {
  const list = trpc.notification.list.useQuery({ limit: LATEST });
  const { open, markRead } = useOpenNotification(onOpened);
  const unread = useUnreadCount();
  if (list.isPending) {
    return (
      <Text role="status" fontSize="sm" color="fg.muted" p="3">
        <Trans>Loading your notifications...</Trans>
      </Text>
    );
  }
  if (list.isError) {
    return (
      <Stack p="3" gap="2" role="alert">
        <Text fontSize="sm" color="fg.error">
          <Trans>Your notifications could not be loaded: {errorMessage(list.error)}</Trans>
        </Text>
        <Button size="xs" variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      {list.data.items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" p="3">
          <Trans>Nothing yet. Deposits, withdrawals, payouts and security events will show up here.</Trans>
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" maxH="min(60vh, 28rem)" overflowY="auto">
          {list.data.items.map((n) => (
            <Box as="li" key={n.id}>
              <NotificationItem item={n} onOpen={open} compact />
            </Box>
          ))}
        </Stack>
      )}
      {markRead.isError ? (
        <Text role="alert" fontSize="sm" color="fg.error" px="3">
          <Trans>Could not mark as read: {errorMessage(markRead.error)}</Trans>
        </Text>
      ) : null}
      <HStack justify="space-between" px="1" pt="1" borderTopWidth="1px" flexWrap="wrap" gap="2">
        <Link asChild fontSize="sm" color="teal.fg" fontWeight="medium">
          <RouterLink to="/dashboard/notifications" onClick={onOpened}>
            <Trans>See all notifications</Trans>
          </RouterLink>
        </Link>
        <Button
          size="xs"
          variant="ghost"
          colorPalette="teal"
          disabled={(unread.data?.count ?? 0) === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          <Trans>Mark all as read</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * The bell in the dashboard header: the unread count (polled every 30 s) and, on click, the latest
 * notifications; an item opens what it is about and is marked read.
 */
export function NotificationBell() {
  const { t } = useLingui();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const count = unread.data?.count;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" position="relative" data-testid="notification-bell">
          <LuBell aria-hidden />
          {/* The name is this text ("Notifications, 2 unread"); the badge only shows the number. */}
          <Box as="span" srOnly>
            {bellLabel(count)}
          </Box>
          {count ? (
            <Box
              as="span"
              aria-hidden
              position="absolute"
              top="0.5"
              insetEnd="0.5"
              minW="4.5"
              h="4.5"
              px="1"
              rounded="full"
              bg="red.solid"
              color="red.contrast"
              fontSize="2xs"
              fontWeight="bold"
              lineHeight="1"
              display="flex"
              alignItems="center"
              justifyContent="center"
              textAlign="center"
              data-testid="notification-count"
            >
              {count > 99 ? '99+' : count}
            </Box>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            w="min(24rem, calc(100vw - 1.5rem))"
            data-testid="notification-popover"
            aria-label={t`Notifications`}
          >
            {/* Not Popover.Header: that is a <header>, a second banner landmark beside the page's own. */}
            <Box px="4" pt="3" pb="1">
              <Popover.Title fontWeight="semibold">
                <Trans>Notifications</Trans>
              </Popover.Title>
            </Box>
            <Popover.Body pt="1" px="2" pb="2">
              <LatestList onOpened={() => setOpen(false)} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
