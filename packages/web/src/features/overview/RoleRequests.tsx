import { Alert, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { TRoleChange, TRoleRequest } from '@vestora/contract';
import { PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

const CHANGE_LABEL: Record<TRoleChange, string> = {
  promote: 'Make administrator',
  demote: 'Remove administrator role',
  disable: 'Disable administrator',
};

/** Why this admin may not approve `r` (null: they may). */
function whyNotYours(r: TRoleRequest, meId: string | undefined): string | null {
  if (r.userId === meId) return 'This request is about you: another administrator decides it.';
  if (r.requestedById === meId) return 'You asked for this: another administrator must approve it.';
  return null;
}

/**
 * The Overview's pending role requests (four eyes on roles): who asked, for whom, which change, when, with
 * Approve / Reject. The admin who asked cannot approve (they may withdraw by rejecting); the account concerned
 * decides nothing. The server refuses the same.
 */
export function RoleRequests() {
  const utils = trpc.useUtils();
  const { user: me } = useSession();
  const list = trpc.user.roleRequest.list.useQuery(undefined, { refetchOnWindowFocus: true });
  const done = async () => {
    await Promise.all([utils.user.roleRequest.list.invalidate(), utils.user.list.invalidate()]);
  };
  const approve = trpc.user.roleRequest.approve.useMutation({
    onSuccess: async (r) => {
      toaster.create({
        type: 'success',
        title: 'Request approved',
        description: `${CHANGE_LABEL[r.change]}: ${r.userEmail}`,
      });
      await done();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: 'Could not approve',
        description: errorMessage(err, 'Please try again.'),
      }),
  });
  const reject = trpc.user.roleRequest.reject.useMutation({
    onSuccess: async (r) => {
      toaster.create({
        type: 'success',
        title: 'Request rejected',
        description: `Nothing changed for ${r.userEmail}.`,
      });
      await done();
    },
    onError: (err) =>
      toaster.create({ type: 'error', title: 'Could not reject', description: errorMessage(err, 'Please try again.') }),
  });
  const busyId = approve.isPending ? approve.variables?.id : reject.isPending ? reject.variables?.id : undefined;

  return (
    <Stack as="section" aria-labelledby="role-requests-title" gap="3">
      <Heading as="h2" id="role-requests-title" size="lg">
        Role requests
      </Heading>
      {list.isPending ? (
        <PageLoader label="Loading role requests..." minH="4rem" />
      ) : list.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(list.error)}</Alert.Description>
        </Alert.Root>
      ) : list.data.length === 0 ? (
        <Text color="fg.muted">No role requests wait for a second administrator.</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Pending role requests">
          {list.data.map((r) => {
            const why = whyNotYours(r, me?.id);
            const aboutMe = r.userId === me?.id;
            const mine = r.requestedById === me?.id;
            const whyId = `role-request-why-${r.id}`;
            return (
              <Box as="li" key={r.id} borderWidth="1px" rounded="md" bg="white" p="3">
                <Stack
                  direction={{ base: 'column', md: 'row' }}
                  gap="3"
                  justify="space-between"
                  align={{ md: 'center' }}
                >
                  <Stack gap="0.5" minW="0">
                    <Text fontWeight="semibold">
                      {CHANGE_LABEL[r.change]}: {r.userName}{' '}
                      <Text as="span" fontWeight="normal" color="fg.muted" overflowWrap="anywhere">
                        ({r.userEmail})
                      </Text>
                    </Text>
                    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                      Asked by {r.requestedByEmail} on {formatDateTime(r.createdAt)}
                    </Text>
                    {why ? (
                      <Text id={whyId} fontSize="sm" color="fg.muted">
                        {why}
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
                      onClick={() => approve.mutate({ id: r.id })}
                    >
                      Approve
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
                      {mine ? 'Withdraw' : 'Reject'}
                    </Button>
                  </HStack>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
