import { Alert, Card, Checkbox, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';

/**
 * The "Email notifications" preference, kept on the server (it follows the user to every device): a change
 * is saved at once, and the toast says so only after the server stored it.
 */
export function NotificationPreferences() {
  const utils = trpc.useUtils();
  const prefs = trpc.user.preferences.useQuery();
  const update = trpc.user.updatePreferences.useMutation({
    onSuccess: (saved) => {
      utils.user.preferences.setData(undefined, saved);
      toaster.create({
        type: 'success',
        title: saved.emailNotifications ? 'Email notifications turned on' : 'Email notifications turned off',
        description: saved.emailNotifications
          ? 'We will email you when a deposit, withdrawal or payout changes your balance.'
          : 'We will no longer email you about deposits, withdrawals and payouts. Security emails still come.',
      });
    },
    onError: (err) => {
      toaster.create({ type: 'error', title: 'Could not save your preference', description: errorMessage(err) });
    },
  });

  const checked = update.isPending ? update.variables.emailNotifications : prefs.data?.emailNotifications;

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md">
            Notifications
          </Heading>
          {prefs.isPending ? (
            <Stack direction="row" align="center" gap="2" role="status">
              <Spinner size="sm" />
              <Text fontSize="sm">Loading your preference...</Text>
            </Stack>
          ) : prefs.isError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>Your preference could not be loaded: {errorMessage(prefs.error)}</Alert.Description>
            </Alert.Root>
          ) : (
            <Stack gap="2">
              <Checkbox.Root
                checked={checked === true}
                disabled={update.isPending}
                onCheckedChange={(d) => update.mutate({ emailNotifications: d.checked === true })}
                colorPalette="teal"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Email notifications</Checkbox.Label>
                {update.isPending ? <Spinner size="xs" aria-label="Saving" /> : null}
              </Checkbox.Root>
              <Text fontSize="xs" color="fg.muted" ps="7">
                Emails when a deposit is confirmed or rejected, a withdrawal is paid or rejected, and an investment pays
                out or matures. Security emails (password, sign-in, two-factor) are always sent. Saved on our servers,
                so it applies on every device.
              </Text>
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
