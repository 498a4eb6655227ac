import { useState } from 'react';
import { Badge, Button, Card, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { LuUserPen } from 'react-icons/lu';
import type { TUser } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { EditUserDrawer } from './EditUserDrawer';
import { UserAvatar } from './UserAvatar';

/** /dashboard/user (admin; the route guard sends others away): every user, with an Edit panel. */
export default function UsersPage() {
  const users = trpc.user.list.useQuery();
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = users.data?.find((u) => u.id === editingId) ?? null;

  return (
    <Stack gap="6" minW="0">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          User Management
        </Heading>
        <Text color="fg.muted">
          View and edit every account. Balance changes are recorded in the ledger with your name.
        </Text>
      </Stack>

      {users.isPending ? (
        <PageLoader label="Loading users..." />
      ) : users.isError ? (
        <ErrorState
          title="Could not load the users"
          description={errorMessage(users.error, 'Please try again.')}
          onRetry={() => void users.refetch()}
        />
      ) : users.data.length === 0 ? (
        <EmptyState title="No users yet" description="Accounts appear here as people sign up." />
      ) : (
        <Card.Root overflow="hidden">
          <Table.ScrollArea>
            <Table.Root size="sm" interactive minW="640px">
              <Table.Caption captionSide="top" textAlign="start" px="4" pt="3" color="fg.muted">
                {users.data.length} {users.data.length === 1 ? 'user' : 'users'}
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="16">Profile</Table.ColumnHeader>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Email</Table.ColumnHeader>
                  <Table.ColumnHeader>Account Type</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" {...STICKY_END}>
                    Action
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {users.data.map((u) => (
                  <UserRow key={u.id} user={u} onEdit={() => setEditingId(u.id)} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Card.Root>
      )}

      <EditUserDrawer user={editing} onClose={() => setEditingId(null)} />
    </Stack>
  );
}

/** On phones the table scrolls sideways; the Action column stays in view. */
const STICKY_END = { position: 'sticky', insetInlineEnd: 0, bg: 'bg', zIndex: 1 } as const;

function UserRow({ user, onEdit }: { user: TUser; onEdit: () => void }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Table.Row>
      <Table.Cell>
        <UserAvatar user={user} />
      </Table.Cell>
      <Table.Cell fontWeight="medium">{name}</Table.Cell>
      <Table.Cell>{user.email}</Table.Cell>
      <Table.Cell>
        <HStack gap="1.5">
          <Badge colorPalette={user.accountType === 'admin' ? 'purple' : 'gray'} textTransform="capitalize">
            {user.accountType}
          </Badge>
          {user.disabledAt ? (
            <Badge colorPalette="red" variant="solid" title={`Disabled since ${formatDateTime(user.disabledAt)}`}>
              Disabled
            </Badge>
          ) : null}
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end" {...STICKY_END}>
        <HStack justify="flex-end">
          <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
            <LuUserPen /> Edit
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
