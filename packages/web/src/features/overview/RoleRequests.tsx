import { useRef, useState } from 'react';
import { Alert, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TRoleChange, TRoleRequest } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';
import { PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** The approval's question, naming the person (#34: approving asks first). */
const CONFIRM_TITLE: Record<TRoleChange, (name: string) => MessageDescriptor> = {
  promote: (name) => msg`Make ${name} an admin?`,
  demote: (name) => msg`Remove ${name}'s administrator role?`,
  disable: (name) => msg`Disable the administrator ${name}?`,
};

const CHANGE_LABEL: Record<TRoleChange, MessageDescriptor> = {
  promote: msg`Make administrator`,
  demote: msg`Remove administrator role`,
  disable: msg`Disable administrator`,
};

/** Why this admin may not approve `r` (null: they may). */
function whyNotYours(r: TRoleRequest, meId: string | undefined): MessageDescriptor | null {
  if (r.userId === meId) return msg`This request is about you: another administrator decides it.`;
  if (r.requestedById === meId) return msg`You asked for this: another administrator must approve it.`;
  return null;
}

/**
 * The Overview's pending role requests (four eyes on roles): who asked, for whom, which change, when, with
 * Approve / Reject. The admin who asked cannot approve (they may withdraw by rejecting); the account concerned
 * decides nothing. The server refuses the same.
 */
export function RoleRequests() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { user: me } = useSession();
  const list = trpc.user.roleRequest.list.useQuery(undefined, { refetchOnWindowFocus: true });
  const [confirming, setConfirming] = useState<TRoleRequest | null>(null);
  // The dialog keeps its words while it closes (its close animation runs after `confirming` is cleared).
  const lastConfirming = useRef<TRoleRequest | null>(null);
  if (confirming) lastConfirming.current = confirming;
  const shown = confirming ?? lastConfirming.current;
  const done = async () => {
    await Promise.all([utils.user.roleRequest.list.invalidate(), utils.user.list.invalidate()]);
  };
  const approve = trpc.user.roleRequest.approve.useMutation({
    onSettled: () => setConfirming(null),
    onSuccess: async (r) => {
      const change = t(CHANGE_LABEL[r.change]);
      const email = r.userEmail;
      toaster.create({
        type: 'success',
        title: t`Request approved`,
        description: t`${change}: ${email}`,
      });
      await done();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Could not approve`,
        description: errorMessage(err, t`Please try again.`),
      }),
  });
  const reject = trpc.user.roleRequest.reject.useMutation({
    onSuccess: async (r) => {
      const email = r.userEmail;
      toaster.create({
        type: 'success',
        title: t`Request rejected`,
        description: t`Nothing changed for ${email}.`,
      });
      await done();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Could not reject`,
        description: errorMessage(err, t`Please try again.`),
      }),
  });
  const busyId = approve.isPending ? approve.variables?.id : reject.isPending ? reject.variables?.id : undefined;

  return (
    <Stack as="section" aria-labelledby="role-requests-title" gap="3">
      <Heading as="h2" id="role-requests-title" size="lg">
        <Trans>Role requests</Trans>
      </Heading>
      {list.isPending ? (
        <PageLoader label={t`Loading role requests...`} minH="4rem" />
      ) : list.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(list.error)}</Alert.Description>
        </Alert.Root>
      ) : list.data.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No role requests wait for a second administrator.</Trans>
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" aria-label={t`Pending role requests`}>
          {list.data.map((r) => {
            const why = whyNotYours(r, me?.id);
            const aboutMe = r.userId === me?.id;
            const mine = r.requestedById === me?.id;
            const whyId = `role-request-why-${r.id}`;
            const change = t(CHANGE_LABEL[r.change]);
            const userName = r.userName;
            const askedBy = r.requestedByEmail;
            const askedAt = formatDateTime(r.createdAt);
            return (
              <Box as="li" key={r.id} borderWidth="1px" rounded="md" bg="bg.panel" p="3">
                <Stack
                  direction={{ base: 'column', md: 'row' }}
                  gap="3"
                  justify="space-between"
                  align={{ md: 'center' }}
                >
                  <Stack gap="0.5" minW="0">
                    <Text fontWeight="semibold">
                      <Trans>
                        {change}: {userName}
                      </Trans>{' '}
                      <Text as="span" fontWeight="normal" color="fg.muted" overflowWrap="anywhere">
                        ({r.userEmail})
                      </Text>
                    </Text>
                    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                      <Trans>
                        Asked by {askedBy} on {askedAt}
                      </Trans>
                    </Text>
                    {why ? (
                      <Text id={whyId} fontSize="sm" color="fg.muted">
                        {t(why)}
                      </Text>
                    ) : null}
                  </Stack>
                  <HStack gap="2" flexShrink={0}>
                    <Button
                      size="sm"
                      colorPalette="teal"
                      disabled={why !== null || busyId !== undefined}
                      loading={approve.isPending && busyId === r.id}
                      aria-describedby={why ? whyId : undefined}
                      onClick={() => setConfirming(r)}
                    >
                      <Trans>Approve</Trans>
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      disabled={(aboutMe && !mine) || busyId !== undefined}
                      loading={reject.isPending && busyId === r.id}
                      aria-describedby={why ? whyId : undefined}
                      onClick={() => reject.mutate({ id: r.id })}
                    >
                      {mine ? <Trans>Withdraw</Trans> : <Trans>Reject</Trans>}
                    </Button>
                  </HStack>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
      <ActionDialog
        open={confirming !== null}
        title={shown ? t(CONFIRM_TITLE[shown.change](shown.userName)) : ''}
        action={{
          label: t`Approve`,
          palette: shown?.change === 'promote' ? 'teal' : 'red',
          onClick: () => confirming && approve.mutate({ id: confirming.id }),
        }}
        cancelLabel={t`Cancel`}
        busy={approve.isPending}
        onClose={() => setConfirming(null)}
      >
        {shown ? <ApprovalConsequences request={shown} /> : null}
      </ActionDialog>
    </Stack>
  );
}

/** What approving `request` does, said before it is done. */
function ApprovalConsequences({ request: r }: { request: TRoleRequest }) {
  const name = r.userName;
  const email = r.userEmail;
  const askedBy = r.requestedByEmail;
  return (
    <Stack gap="2">
      <Text>
        {r.change === 'promote' ? (
          <Trans>
            {name} ({email}) becomes an administrator: every member&apos;s data, the money desk and other accounts.
          </Trans>
        ) : r.change === 'demote' ? (
          <Trans>
            {name} ({email}) becomes a user again and loses the administrator&apos;s screens.
          </Trans>
        ) : (
          <Trans>
            {name} ({email}) cannot sign in until an administrator enables the account again.
          </Trans>
        )}
      </Text>
      <Text color="fg.muted" fontSize="sm">
        <Trans>
          Asked by {askedBy}. The change is made at once and {name} is signed out everywhere.
        </Trans>
      </Text>
    </Stack>
  );
}
