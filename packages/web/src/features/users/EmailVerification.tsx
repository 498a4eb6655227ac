import { Alert, Button } from '@chakra-ui/react';
import type { TUser } from '@vestora/contract';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/** The Edit User panel's email state: an admin may mark the address verified (audited). */
export function EmailVerification({ user }: { user: TUser }) {
  const utils = trpc.useUtils();
  const mark = trpc.user.markEmailVerified.useMutation({
    onSuccess: async (saved) => {
      toaster.create({
        type: 'success',
        title: 'Email marked verified',
        description: `${saved.email} is now verified.`,
      });
      await utils.user.list.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: 'Not marked verified',
        description: errorMessage(err, 'Please try again.'),
      }),
  });
  return (
    <Alert.Root status={user.emailVerified ? 'success' : 'warning'} variant="subtle" alignItems="center">
      <Alert.Indicator />
      <Alert.Description flex="1">
        {user.emailVerified ? `${user.email} is verified.` : `${user.email} is not verified yet.`}
      </Alert.Description>
      {user.emailVerified ? null : (
        <Button
          size="sm"
          variant="outline"
          flexShrink={0}
          loading={mark.isPending}
          loadingText="Saving..."
          onClick={() => mark.mutate({ id: user.id })}
        >
          Mark verified
        </Button>
      )}
    </Alert.Root>
  );
}
