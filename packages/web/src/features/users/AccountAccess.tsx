import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { user: me } = useSession();
  const [confirming, setConfirming] = useState(false);
  const disabled = user.disabledAt !== null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const isMe = me?.id === user.id;
  const email = user.email;
  const since = formatDateTime(user.disabledAt);

  const setDisabled = trpc.user.setDisabled.useMutation({
    onSuccess: async (saved) => {
      setConfirming(false);
      const savedEmail = saved.email;
      if (saved.roleRequest) {
        toaster.create({
          type: 'success',
          title: t`Request sent: another administrator must approve it`,
          description: t`${savedEmail} is an administrator: disabling it needs a second administrator (see the Overview).`,
        });
        await utils.user.roleRequest.list.invalidate();
        return;
      }
      toaster.create({
        type: 'success',
        title: saved.disabledAt ? t`Account disabled` : t`Account enabled`,
        description: saved.disabledAt
          ? t`${savedEmail} was signed out everywhere and cannot sign in.`
          : t`${savedEmail} can sign in again.`,
      });
      await utils.user.list.invalidate();
    },
    onError: (err) => {
      toaster.create({
        type: 'error',
        title: disabled ? t`Could not enable the account` : t`Could not disable the account`,
        description: errorMessage(err, t`Please try again.`),
      });
    },
  });

  return (
    <>
      <Alert.Root status={disabled ? 'error' : 'neutral'} variant="subtle" alignItems="center">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {disabled ? <Trans>This account is disabled</Trans> : <Trans>Account access</Trans>}
          </Alert.Title>
          <Alert.Description>
            {disabled ? (
              <Trans>Since {since}. It cannot sign in; its balance and history are kept.</Trans>
            ) : isMe ? (
              <Trans>This is your own account: another administrator can disable it if needed.</Trans>
            ) : (
              <Trans>Disabling signs this person out everywhere and stops them signing in.</Trans>
            )}
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
            {disabled ? <Trans>Enable account</Trans> : <Trans>Disable account</Trans>}
          </Button>
        )}
      </Alert.Root>
      <ActionDialog
        open={confirming}
        title={disabled ? t`Enable ${name}'s account?` : t`Disable ${name}'s account?`}
        action={{
          label: disabled ? t`Enable account` : t`Disable account`,
          palette: disabled ? 'teal' : 'red',
          onClick: () => setDisabled.mutate({ id: user.id, disabled: !disabled }),
        }}
        cancelLabel={t`Cancel`}
        busy={setDisabled.isPending}
        onClose={() => setConfirming(false)}
      >
        <Stack gap="2">
          {disabled ? (
            <Text>
              <Trans>{email} will be able to sign in again with their password.</Trans>
            </Text>
          ) : (
            <>
              <Text>
                <Trans>
                  {email} will be signed out on every device at once and cannot sign in until an administrator enables
                  the account again.
                </Trans>
              </Text>
              <Text color="fg.muted" fontSize="sm">
                <Trans>Their balance, investments, deposits, withdrawals and history stay as they are.</Trans>
              </Text>
            </>
          )}
        </Stack>
      </ActionDialog>
    </>
  );
}
