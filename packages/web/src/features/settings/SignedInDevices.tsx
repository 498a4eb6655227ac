import { useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
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
  const { t } = useLingui();
  const deviceName = (s: TDeviceSession) => {
    const browser = s.browser;
    const system = s.system;
    return t`${browser} on ${system}`;
  };
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
        const device = deviceName(pending.session);
        toaster.create({
          type: 'success',
          title: t`Device signed out`,
          description: t`${device} is no longer signed in.`,
        });
      } else {
        const { ended } = await revokeOthers.mutateAsync();
        toaster.create({
          type: 'success',
          title: t`Signed out everywhere else`,
          description:
            ended === 0
              ? t`No other device was signed in.`
              : t({
                  message: plural(ended, { one: '# other device signed out.', other: '# other devices signed out.' }),
                }),
        });
      }
    } catch (err) {
      toaster.create({ type: 'error', title: t`Could not sign out`, description: errorMessage(err) });
    } finally {
      setPending(null);
      await utils.user.sessions.invalidate();
    }
  };

  const pendingDeviceText = (s: TDeviceSession) => {
    const device = deviceName(s);
    const ip = s.ip ?? t`address unknown`;
    return t`${device} (${ip}) will have to sign in again.`;
  };

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            <Trans>Signed-in devices</Trans>
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            <Trans>
              Where your account is signed in now. Sign out any device you do not recognise, then change your password.
            </Trans>
          </Text>
        </Stack>
        {sessions.isPending ? (
          <PageLoader label={t`Loading devices...`} minH="6rem" />
        ) : sessions.isError ? (
          <ErrorState
            description={errorMessage(sessions.error, t`The devices could not be loaded.`)}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label={t`Signed-in devices`}>
            {list.map((s) => (
              <Box as="li" key={s.id} borderWidth="1px" rounded="md" p="3">
                <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
                  <Stack gap="0.5">
                    <HStack gap="2">
                      <Text fontWeight="semibold">{deviceName(s)}</Text>
                      {s.current ? (
                        <Badge colorPalette="teal" variant="subtle">
                          <Trans>This device</Trans>
                        </Badge>
                      ) : null}
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {s.ip ?? t`Address unknown`} · <Trans>signed in {formatDateTime(s.createdAt)}</Trans> ·{' '}
                      <Trans>last seen {formatDateTime(s.lastSeenAt)}</Trans>
                    </Text>
                  </Stack>
                  {s.current ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => setPending({ kind: 'one', session: s })}
                      aria-label={t`Sign out ${deviceName(s)}`}
                    >
                      <Trans>Sign out</Trans>
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
            <Trans>Sign out everywhere else</Trans>
          </Button>
        ) : null}
      </Card.Body>
      <ActionDialog
        open={pending !== null}
        title={pending?.kind === 'others' ? t`Sign out everywhere else?` : t`Sign out this device?`}
        action={{ label: t`Sign out`, palette: 'red', onClick: () => void confirm() }}
        cancelLabel={t`Cancel`}
        busy={busy}
        onClose={() => setPending(null)}
      >
        <Text>
          {pending?.kind === 'one'
            ? pendingDeviceText(pending.session)
            : t`Every other device will have to sign in again. This device stays signed in.`}
        </Text>
      </ActionDialog>
    </Card.Root>
  );
}
