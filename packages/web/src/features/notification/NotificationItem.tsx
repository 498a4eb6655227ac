import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { TNotification } from '@vestora/contract';
import { formatDateTime } from '../../lib/format';

/**
 * One notification: a button that opens what it is about (and marks it read). Unread ones carry a dot and
 * say "Unread" to screen readers.
 */
export function NotificationItem({
  item,
  onOpen,
  compact = false,
}: {
  item: TNotification;
  onOpen: (item: TNotification) => void;
  compact?: boolean;
}) {
  const unread = item.readAt === null;
  return (
    <Button
      variant="ghost"
      onClick={() => onOpen(item)}
      h="auto"
      w="full"
      py="2.5"
      px="3"
      justifyContent="flex-start"
      textAlign="start"
      whiteSpace="normal"
      bg={unread ? 'teal.subtle' : undefined}
      _hover={{ bg: unread ? 'teal.muted' : 'bg.muted' }}
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
    >
      <HStack align="flex-start" gap="3" w="full">
        <Box
          mt="1.5"
          boxSize="2"
          rounded="full"
          flexShrink={0}
          bg={unread ? 'teal.solid' : 'transparent'}
          aria-hidden
        />
        <Stack gap="0.5" minW="0" flex="1">
          <Text fontWeight={unread ? 'semibold' : 'normal'} fontSize="sm" color="fg">
            {unread ? (
              <Box as="span" srOnly>
                <Trans>Unread:</Trans>{' '}
              </Box>
            ) : null}
            {item.title}
          </Text>
          {item.body ? (
            <Text fontSize="sm" color="fg.muted" lineClamp={compact ? 2 : undefined} fontWeight="normal">
              {item.body}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.muted" fontWeight="normal">
            {formatDateTime(item.createdAt)}
          </Text>
        </Stack>
      </HStack>
    </Button>
  );
}
