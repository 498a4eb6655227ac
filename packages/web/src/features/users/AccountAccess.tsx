import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import type { TUser } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { toaster } from '../../components/ui/toaster';
import { ActionDialog } from '../../components/ui/dialog';

/**
 * The Edit User panel's account access: disable an account (its sessions end at once, it cannot sign in;
 * balance and history stay) or enable it again, each after a confirmation. An admin's own account has no
 * Disable button: the server refuses that too.
 */
export function AccountAccess({ user }: { user: TUser }) {
  const utils = trpc.useUtils();
  const { user: me } = useSession();
  const [confirming, setConfirming] = useState(false);
  const disabled = user.disabledAt !== null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const isMe = me?.id === user.id;

  const setDisabled = trpc.user.setDisabled.useMutation({
    onSuccess: async (saved) => {
      setConfirming(false);
      if (saved.roleRequest) {
        toaster.create({
          type: 'success',
          title: 'Request sent: another administrator must approve it',
          description: `${saved.email} is an administrator: disabling it needs a second administrator (see the Overview).`,
        });
        await utils.user.roleRequest.list.invalidate();
        return;
      }
      toaster.create({
        type: 'success',
        title: saved.disabledAt ? 'Account disabled' : 'Account enabled',
        description: saved.disabledAt
          ? `${saved.email} was signed out everywhere and cannot sign in.`
          : `${saved.email} can sign in again.`,
      });
      await utils.user.list.invalidate();
    },
    onError: (err) => {
      toaster.create({
        type: 'error',
        title: disabled ? 'Could not enable the account' : 'Could not disable the account',
        description: errorMessage(err, 'Please try again.'),
      });
    },
  });

  return (
    <>
      <Alert.Root status={disabled ? 'error' : 'neutral'} variant="subtle" alignItems="center">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{disabled ? 'This account is disabled' : 'Account access'}</Alert.Title>
          <Alert.Description>
            {disabled
              ? `Since ${formatDateTime(user.disabledAt)}. It cannot sign in; its balance and history are kept.`
              : isMe
                ? 'This is your own account: another administrator can disable it if needed.'
                : 'Disabling signs this person out everywhere and stops them signing in.'}
          </Alert.Description>
        </Alert.Content>
        {isMe && !disabled ? null : (
          <Button
            size="sm"
            variant="outline"
            colorPalette={disabled ? 'teal' : 'red'}
            onClick={() => setConfirming(true)}
            flexShrink={0}
          >
            {disabled ? 'Enable account' : 'Disable account'}
          </Button>
        )}
      </Alert.Root>
      <ActionDialog
        open={confirming}
        title={disabled ? `Enable ${name}'s account?` : `Disable ${name}'s account?`}
        action={{
          label: disabled ? 'Enable account' : 'Disable account',
          palette: disabled ? 'teal' : 'red',
          onClick: () => setDisabled.mutate({ id: user.id, disabled: !disabled }),
        }}
        cancelLabel="Cancel"
        busy={setDisabled.isPending}
        onClose={() => setConfirming(false)}
      >
        <Stack gap="2">
          {disabled ? (
            <Text>{user.email} will be able to sign in again with their password.</Text>
          ) : (
            <>
              <Text>
                {user.email} will be signed out on every device at once and cannot sign in until an administrator
                enables the account again.
              </Text>
              <Text color="fg.muted" fontSize="sm">
                Their balance, investments, deposits, withdrawals and history stay as they are.
              </Text>
            </>
          )}
        </Stack>
      </ActionDialog>
    </>
  );
}
