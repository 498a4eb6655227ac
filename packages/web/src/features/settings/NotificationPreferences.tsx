import { Alert, Box, Card, Heading, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import {
  NOTIFICATION_CATEGORY_LABELS,
  type TNotificationChannel,
  type TNotificationPreferences,
} from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';

const CHANNEL_LABEL: Record<TNotificationChannel, string> = { inApp: 'In the app', email: 'By e-mail' };

type Category = TNotificationPreferences['categories'][number];

/** One channel's switch; a locked one is on, disabled, with the server's reason beside it. */
function ChannelSwitch({
  row,
  channel,
  pending,
  onChange,
}: {
  row: Category;
  channel: TNotificationChannel;
  pending: boolean;
  onChange: (on: boolean) => void;
}) {
  const locked = row.locked[channel];
  const reasonId = `notif-${row.category}-${channel}-why`;
  return (
    <Stack gap="1" flex="1" minW="10rem">
      <Switch.Root
        checked={row[channel]}
        disabled={locked !== null || pending}
        onCheckedChange={(d) => onChange(d.checked)}
        colorPalette="teal"
        aria-describedby={locked ? reasonId : undefined}
      >
        <Switch.HiddenInput aria-describedby={locked ? reasonId : undefined} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label fontSize="sm">
          {CHANNEL_LABEL[channel]}
          <Box as="span" srOnly>
            {` (${NOTIFICATION_CATEGORY_LABELS[row.category].label})`}
          </Box>
        </Switch.Label>
      </Switch.Root>
      {locked ? (
        <Text id={reasonId} fontSize="xs" color="gray.600">
          Always on. {locked}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Notification preferences, kept on the server: per category, in the app and by e-mail. Security and
 * money-movement e-mail are locked on (the reason is shown next to the switch); marketing is off until
 * turned on. A change is saved at once; the toast speaks only after the server stored it.
 */
export function NotificationPreferences() {
  const utils = trpc.useUtils();
  const prefs = trpc.notification.preferences.useQuery();
  const update = trpc.notification.setPreferences.useMutation({
    onSuccess: (saved) => {
      utils.notification.preferences.setData(undefined, saved);
      void utils.user.preferences.invalidate();
      toaster.create({ type: 'success', title: 'Notification preference saved' });
    },
    onError: (err) => {
      toaster.create({ type: 'error', title: 'Could not save your preference', description: errorMessage(err) });
    },
  });

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Stack gap="1">
            <Heading as="h2" size="md">
              Notifications
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              What reaches you in the app (the bell) and by e-mail. Saved on our servers, so it applies on every device.
            </Text>
          </Stack>
          {prefs.isPending ? (
            <Stack direction="row" align="center" gap="2" role="status">
              <Spinner size="sm" />
              <Text fontSize="sm">Loading your preferences...</Text>
            </Stack>
          ) : prefs.isError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>Your preferences could not be loaded: {errorMessage(prefs.error)}</Alert.Description>
            </Alert.Root>
          ) : (
            <Stack as="ul" gap="4" listStyleType="none">
              {prefs.data.categories.map((row) => {
                const words = NOTIFICATION_CATEGORY_LABELS[row.category];
                return (
                  <Stack
                    as="li"
                    key={row.category}
                    gap="2"
                    borderTopWidth="1px"
                    pt="3"
                    data-testid={`pref-${row.category}`}
                  >
                    <Box>
                      <Text fontWeight="semibold" fontSize="sm">
                        {words.label}
                      </Text>
                      <Text fontSize="xs" color="gray.600">
                        {words.covers}
                      </Text>
                    </Box>
                    <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                      {(['inApp', 'email'] as const).map((channel) => (
                        <ChannelSwitch
                          key={channel}
                          row={row}
                          channel={channel}
                          pending={update.isPending}
                          onChange={(on) => update.mutate({ [row.category]: { [channel]: on } })}
                        />
                      ))}
                    </Stack>
                  </Stack>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
