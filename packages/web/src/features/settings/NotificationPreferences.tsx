import { Alert, Box, Card, Heading, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TNotificationCategory, TNotificationChannel, TNotificationPreferences } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';

const CHANNEL_LABEL: Record<TNotificationChannel, MessageDescriptor> = {
  inApp: msg`In the app`,
  email: msg`By e-mail`,
};

/** The contract's NOTIFICATION_CATEGORY_LABELS in the reader's language. */
type ShownCategory = Exclude<TNotificationCategory, 'marketing'>;
const CATEGORY_WORDS: Record<ShownCategory, { label: MessageDescriptor; covers: MessageDescriptor }> = {
  security: {
    label: msg`Security`,
    covers: msg`Sign-ins from a new device, password, email address and two-factor changes.`,
  },
  money: {
    label: msg`Money movements`,
    covers: msg`Deposits credited or rejected, withdrawals approved, sent, paid or returned.`,
  },
  investments: {
    label: msg`Investments`,
    covers: msg`Interest payouts, matured and renewed investments, referral rewards.`,
  },
  statements: { label: msg`Statements`, covers: msg`A new monthly statement or yearly summary is ready.` },
};

/**
 * Why a channel is locked on (the contract's LOCKED_NOTIFICATION_CHANNELS), in the reader's language; a reason the
 * web does not know yet is shown as the server sends it.
 */
const LOCKED_WORDS: Partial<Record<TNotificationCategory, Partial<Record<TNotificationChannel, MessageDescriptor>>>> = {
  security: {
    email: msg`Security emails cannot be turned off: they are how you learn that someone else may be using your account.`,
  },
  money: {
    email: msg`Emails about money moving in or out of your account cannot be turned off: they are your record that it happened.`,
  },
};

type Category = TNotificationPreferences['categories'][number];

/** The categories Settings offers: those something in the product really sends (not marketing). */
export const shownCategory = <T extends Pick<Category, 'category'>>(row: T): row is T & { category: ShownCategory } =>
  row.category !== 'marketing';

/** One channel's switch; a locked one is on, disabled, with the server's reason beside it. */
function ChannelSwitch({
  row,
  channel,
  pending,
  onChange,
}: {
  row: Category & { category: ShownCategory };
  channel: TNotificationChannel;
  pending: boolean;
  onChange: (on: boolean) => void;
}) {
  const { i18n } = useLingui();
  const locked = row.locked[channel];
  const lockedWords = LOCKED_WORDS[row.category]?.[channel];
  const reason = lockedWords ? i18n._(lockedWords) : locked;
  const category = i18n._(CATEGORY_WORDS[row.category].label);
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
          {i18n._(CHANNEL_LABEL[channel])}
          <Box as="span" srOnly>
            {` (${category})`}
          </Box>
        </Switch.Label>
      </Switch.Root>
      {locked ? (
        <Text id={reasonId} fontSize="xs" color="fg.muted">
          <Trans>Always on. {reason}</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Notification preferences, kept on the server: per category, in the app and by e-mail. Security and
 * money-movement e-mail are locked on (the reason is shown next to the switch); marketing is not offered (nothing
 * sends it). A change is saved at once; the toast speaks only after the server stored it.
 */
export function NotificationPreferences() {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const prefs = trpc.notification.preferences.useQuery();
  const update = trpc.notification.setPreferences.useMutation({
    onSuccess: (saved) => {
      utils.notification.preferences.setData(undefined, saved);
      void utils.user.preferences.invalidate();
      toaster.create({ type: 'success', title: t`Notification preference saved` });
    },
    onError: (err) => {
      toaster.create({ type: 'error', title: t`Could not save your preference`, description: errorMessage(err) });
    },
  });

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Stack gap="1">
            <Heading as="h2" size="md">
              <Trans>Notifications</Trans>
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              <Trans>
                What reaches you in the app (the bell) and by e-mail. Saved on our servers, so it applies on every
                device.
              </Trans>
            </Text>
          </Stack>
          {prefs.isPending ? (
            <Stack direction="row" align="center" gap="2" role="status">
              <Spinner size="sm" />
              <Text fontSize="sm">
                <Trans>Loading your preferences...</Trans>
              </Text>
            </Stack>
          ) : prefs.isError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>
                <Trans>Your preferences could not be loaded: {errorMessage(prefs.error)}</Trans>
              </Alert.Description>
            </Alert.Root>
          ) : (
            <Stack as="ul" gap="4" listStyleType="none">
              {/* "News and offers" (marketing) is not offered: nothing in the product writes or sends such news (the
                  newsletter is a list of addresses an admin exports), so a switch for it would control nothing. */}
              {prefs.data.categories.filter(shownCategory).map((row) => {
                const words = CATEGORY_WORDS[row.category];
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
                        {i18n._(words.label)}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {i18n._(words.covers)}
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
