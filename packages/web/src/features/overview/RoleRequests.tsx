import { Alert, Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
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
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="white">
          <Table.Root size="sm" minW="36rem">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Change</Table.ColumnHeader>
                <Table.ColumnHeader>For</Table.ColumnHeader>
                <Table.ColumnHeader>Asked by</Table.ColumnHeader>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Decision</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.map((r) => {
                const why = whyNotYours(r, me?.id);
                const aboutMe = r.userId === me?.id;
                const mine = r.requestedById === me?.id;
                const whyId = `role-request-why-${r.id}`;
                return (
                  <Table.Row key={r.id} aria-label={`${CHANGE_LABEL[r.change]}: ${r.userEmail}`}>
                    <Table.Cell fontWeight="medium">{CHANGE_LABEL[r.change]}</Table.Cell>
                    <Table.Cell>
                      <Text>{r.userName}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {r.userEmail}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{r.requestedByEmail}</Table.Cell>
                    <Table.Cell>{formatDateTime(r.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <Stack gap="1">
                        <HStack gap="2">
                          <Button
                            size="xs"
                            colorPalette="teal"
                            disabled={why !== null || busyId !== undefined}
                            loading={approve.isPending && busyId === r.id}
                            aria-describedby={why ? whyId : undefined}
                            onClick={() => approve.mutate({ id: r.id })}
                          >
                            Approve
                          </Button>
                          <Button
                            size="xs"
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
                        {why ? (
                          <Text id={whyId} fontSize="xs" color="fg.muted">
                            {why}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
