import { useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { TDeviceSession } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

type Pending = { kind: 'one'; session: TDeviceSession } | { kind: 'others' } | null;

/** Settings → Signed-in devices: every live session, "This device", sign out one or all the others. */
export function SignedInDevices() {
  const utils = trpc.useUtils();
  const sessions = trpc.user.sessions.useQuery();
  const [pending, setPending] = useState<Pending>(null);
  const revokeOne = trpc.user.revokeSession.useMutation();
  const revokeOthers = trpc.user.revokeOtherSessions.useMutation();
  const busy = revokeOne.isPending || revokeOthers.isPending;

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'one') {
        await revokeOne.mutateAsync({ id: pending.session.id });
        toaster.create({
          type: 'success',
          title: 'Device signed out',
          description: `${pending.session.browser} on ${pending.session.system} is no longer signed in.`,
        });
      } else {
        const { ended } = await revokeOthers.mutateAsync();
        toaster.create({
          type: 'success',
          title: 'Signed out everywhere else',
          description:
            ended === 0
              ? 'No other device was signed in.'
              : `${ended} other device${ended === 1 ? '' : 's'} signed out.`,
        });
      }
    } catch (err) {
      toaster.create({ type: 'error', title: 'Could not sign out', description: errorMessage(err) });
    } finally {
      setPending(null);
      await utils.user.sessions.invalidate();
    }
  };

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            Signed-in devices
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Where your account is signed in now. Sign out any device you do not recognise, then change your password.
          </Text>
        </Stack>
        {sessions.isPending ? (
          <PageLoader label="Loading devices..." minH="6rem" />
        ) : sessions.isError ? (
          <ErrorState
            description={errorMessage(sessions.error, 'The devices could not be loaded.')}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Signed-in devices">
            {list.map((s) => (
              <Box as="li" key={s.id} borderWidth="1px" rounded="md" p="3">
                <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
                  <Stack gap="0.5">
                    <HStack gap="2">
                      <Text fontWeight="semibold">
                        {s.browser} on {s.system}
                      </Text>
                      {s.current ? (
                        <Badge colorPalette="teal" variant="subtle">
                          This device
                        </Badge>
                      ) : null}
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {s.ip ?? 'Address unknown'} · signed in {formatDateTime(s.createdAt)} · last seen{' '}
                      {formatDateTime(s.lastSeenAt)}
                    </Text>
                  </Stack>
                  {s.current ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => setPending({ kind: 'one', session: s })}
                      aria-label={`Sign out ${s.browser} on ${s.system}`}
                    >
                      Sign out
                    </Button>
                  )}
                </HStack>
              </Box>
            ))}
          </Stack>
        )}
        {others > 0 ? (
          <Button
            variant="outline"
            colorPalette="red"
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
            onClick={() => setPending({ kind: 'others' })}
          >
            Sign out everywhere else
          </Button>
        ) : null}
      </Card.Body>
      <ActionDialog
        open={pending !== null}
        title={pending?.kind === 'others' ? 'Sign out everywhere else?' : 'Sign out this device?'}
        action={{ label: 'Sign out', palette: 'red', onClick: () => void confirm() }}
        cancelLabel="Cancel"
        busy={busy}
        onClose={() => setPending(null)}
      >
        <Text>
          {pending?.kind === 'one'
            ? `${pending.session.browser} on ${pending.session.system} (${pending.session.ip ?? 'address unknown'}) will have to sign in again.`
            : 'Every other device will have to sign in again. This device stays signed in.'}
        </Text>
      </ActionDialog>
    </Card.Root>
  );
}
