import { Alert, Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TUser } from '@vestora/contract';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/** The Edit User panel's email state: an admin may mark the address verified (audited). */
export function EmailVerification({ user }: { user: TUser }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const email = user.email;
  const mark = trpc.user.markEmailVerified.useMutation({
    onSuccess: async (saved) => {
      const savedEmail = saved.email;
      toaster.create({
        type: 'success',
        title: t`Email marked verified`,
        description: t`${savedEmail} is now verified.`,
      });
      await utils.user.list.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Not marked verified`,
        description: errorMessage(err, t`Please try again.`),
      }),
  });
  return (
    <Alert.Root status={user.emailVerified ? 'success' : 'warning'} variant="subtle" alignItems="center">
      <Alert.Indicator />
      <Alert.Description flex="1">
        {user.emailVerified ? <Trans>{email} is verified.</Trans> : <Trans>{email} is not verified yet.</Trans>}
      </Alert.Description>
      {user.emailVerified ? null : (
        <Button
          size="sm"
          variant="outline"
          flexShrink={0}
          loading={mark.isPending}
          loadingText={t`Saving...`}
          onClick={() => mark.mutate({ id: user.id })}
        >
          <Trans>Mark verified</Trans>
        </Button>
      )}
    </Alert.Root>
  );
}
