import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  HStack,
  Heading,
  Input,
  InputGroup,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuChevronLeft, LuChevronRight, LuSearch, LuUserPen } from 'react-icons/lu';
import type { TUser } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatInteger } from '../../lib/format';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { EditUserDrawer } from './EditUserDrawer';
import { UserAvatar } from './UserAvatar';
import { useDebounced } from '../../lib/use-debounced';

/** Users per page. */
const PAGE_SIZE = 25;

/**
 * /dashboard/user (admin; the route guard sends others away): users page by page, newest sign-ups first,
 * with a search on the start of the email or name, and an Edit panel. There may be a hundred thousand
 * accounts: nothing here loads them all.
 */
export default function UsersPage() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), 250);
  // The cursors of the pages before this one (Previous pops one); [] on the first page.
  const [trail, setTrail] = useState<{ search: string; cursors: string[] }>({ search: '', cursors: [] });
  // A new search starts again at its first page.
  const cursors = trail.search === settled ? trail.cursors : [];
  const cursor = cursors.at(-1);
  const users = trpc.user.list.useQuery(
    { limit: PAGE_SIZE, ...(settled ? { search: settled } : {}), ...(cursor ? { cursor } : {}) },
    { placeholderData: (previous) => previous },
  );
  const [editing, setEditing] = useState<TUser | null>(null);
  // The open panel follows the row's latest data (after a save or a disable the page is reloaded).
  const current = editing ? (users.data?.items.find((u) => u.id === editing.id) ?? editing) : null;
  const pageNumber = cursors.length + 1;
  const items = users.data?.items ?? [];
  const first = cursors.length * PAGE_SIZE + 1;
  const from = formatInteger(first);
  const to = formatInteger(first + items.length - 1);
  const page = formatInteger(pageNumber);

  return (
    <Stack gap="6" minW="0">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          <Trans>User Management</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>
            View and edit accounts, newest first. Balance changes are recorded in the ledger with your name.
          </Trans>
        </Text>
      </Stack>

      <Field.Root maxW="md">
        <Field.Label>
          <Trans>Search users</Trans>
        </Field.Label>
        <InputGroup startElement={<LuSearch />}>
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder={t`Start of an email, a last name or a full name`}
            autoComplete="off"
          />
        </InputGroup>
        <Field.HelperText>
          <Trans>Matches the start of the email, the last name or “first last”, any case.</Trans>
        </Field.HelperText>
      </Field.Root>

      {users.isPending ? (
        <PageLoader label={t`Loading users...`} />
      ) : users.isError && !users.data ? (
        <ErrorState
          title={t`Could not load the users`}
          description={errorMessage(users.error, t`Please try again.`)}
          onRetry={() => void users.refetch()}
        />
      ) : items.length === 0 && pageNumber === 1 ? (
        settled ? (
          <EmptyState
            title={t`No users match`}
            description={t`No email, last name or full name starts with “${settled}”. Check the spelling or search for less.`}
          />
        ) : (
          <EmptyState title={t`No users yet`} description={t`Accounts appear here as people sign up.`} />
        )
      ) : (
        <Stack gap="3">
          <Card.Root overflow="hidden" aria-busy={users.isFetching} opacity={users.isPlaceholderData ? 0.6 : 1}>
            <Table.ScrollArea>
              <Table.Root size="sm" interactive minW="640px">
                <Table.Caption captionSide="top" textAlign="start" px="4" pt="3" color="fg.muted">
                  {settled ? (
                    <Trans>
                      Users matching “{settled}”, {from}–{to}
                    </Trans>
                  ) : (
                    <Trans>
                      All users, {from}–{to}
                    </Trans>
                  )}
                </Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader w="16">
                      <Trans>Profile</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Name</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Email</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Account Type</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end" {...STICKY_END}>
                      <Trans>Action</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {items.map((u) => (
                    <UserRow key={u.id} user={u} onEdit={() => setEditing(u)} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Card.Root>
          <HStack as="nav" aria-label={t`User pages`} justify="space-between" flexWrap="wrap" gap="3">
            <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite">
              {users.isFetching ? <Trans>Loading users...</Trans> : <Trans>Page {page}</Trans>}
            </Text>
            <HStack gap="2">
              <Button
                size="sm"
                variant="outline"
                disabled={cursors.length === 0}
                onClick={() => {
                  // Not disabled while loading (the button would lose the keyboard focus); a click then waits.
                  if (!users.isPlaceholderData) setTrail({ search: settled, cursors: cursors.slice(0, -1) });
                }}
              >
                <Box as="span" display="inline-flex" _rtl={{ transform: 'scaleX(-1)' }}>
                  <LuChevronLeft />
                </Box>{' '}
                <Trans>Previous</Trans>
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!users.data?.nextCursor}
                onClick={() => {
                  const next = users.data?.nextCursor;
                  if (next && !users.isPlaceholderData) setTrail({ search: settled, cursors: [...cursors, next] });
                }}
              >
                <Trans>Next</Trans>{' '}
                <Box as="span" display="inline-flex" _rtl={{ transform: 'scaleX(-1)' }}>
                  <LuChevronRight />
                </Box>
              </Button>
            </HStack>
          </HStack>
        </Stack>
      )}

      <EditUserDrawer user={current} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** On phones the table scrolls sideways; the Action column stays in view. */
const STICKY_END = { position: 'sticky', insetInlineEnd: 0, bg: 'bg', zIndex: 1 } as const;

function UserRow({ user, onEdit }: { user: TUser; onEdit: () => void }) {
  const { t } = useLingui();
  const name = `${user.firstName} ${user.lastName}`.trim();
  const since = formatDateTime(user.disabledAt);
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
            {user.accountType === 'admin' ? t`admin` : t`user`}
          </Badge>
          {user.disabledAt ? (
            <Badge colorPalette="red" variant="solid" title={t`Disabled since ${since}`}>
              <Trans>Disabled</Trans>
            </Badge>
          ) : null}
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end" {...STICKY_END}>
        <HStack justify="flex-end">
          <Button size="xs" variant="outline" onClick={onEdit} aria-label={t`Edit ${name}`}>
            <LuUserPen /> <Trans>Edit</Trans>
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
