import { useState } from 'react';
import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import type { TAuditEntry } from '@vestora/contract';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { EmptyState, ErrorState, PageLoader } from '../../../components/ui/states';
import { PAGE_SIZE, useAuditPages, useUserDirectory } from '../money-hooks';
import { ALL, FilterBar, SelectFilter, UserFilter } from './Filters';
import { ExpandableRow, toggleInSet } from './ExpandableRow';
import { LoadMore } from './LoadMore';
import { StackedCell, Time } from './StackedCell';
import { AuditChanges, diffSnapshots } from './AuditChanges';

/** The entity types the server records (audit `entityType`), for the filter. */
const ENTITY_OPTIONS = [
  { value: ALL, label: 'Everything' },
  { value: 'deposit', label: 'Deposits' },
  { value: 'withdrawal', label: 'Withdrawals' },
  { value: 'user', label: 'Users' },
  { value: 'plan', label: 'Plans' },
  { value: 'deposit_account', label: 'Deposit account record' },
] as const;
type EntityFilter = (typeof ENTITY_OPTIONS)[number]['value'];

const ACTION_PALETTE: Record<string, string> = {
  create: 'green',
  confirm: 'green',
  approve: 'green',
  update: 'blue',
  adjust: 'blue',
  reject: 'red',
  delete: 'red',
  cancel: 'gray',
};

/** "plan.update" → blue, "deposit.reject" → red: the verb decides the colour. */
function actionPalette(action: string): string {
  const verb = action.split('.').pop() ?? action;
  return ACTION_PALETTE[verb] ?? 'gray';
}

function changedFields(entry: { before?: unknown; after?: unknown }): string {
  const changed = diffSnapshots(entry.before, entry.after)
    .filter((c) => c.changed)
    .map((c) => c.field);
  return changed.length ? changed.join(', ') : '—';
}

/** Money desk tab: every admin action with who, when, what and the before/after snapshots. */
export function AuditLog() {
  const [entityType, setEntityType] = useState<EntityFilter>(ALL);
  const [actorId, setActorId] = useState<string>(ALL);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const directory = useUserDirectory();

  const audit = useAuditPages({
    limit: PAGE_SIZE,
    entityType: entityType === ALL ? undefined : entityType,
    actorId: actorId === ALL ? undefined : actorId,
  });
  const items = audit.items;

  const entityName = (e: Pick<TAuditEntry, 'entityType' | 'entityId'>) => {
    if (!e.entityId) return e.entityType;
    const user = e.entityType === 'user' ? directory.byId.get(e.entityId) : undefined;
    return user ? `user ${user.email}` : `${e.entityType} #${e.entityId.slice(0, 8)}`;
  };

  return (
    <Stack gap="4">
      <FilterBar>
        <SelectFilter label="What changed" value={entityType} options={ENTITY_OPTIONS} onChange={setEntityType} />
        <UserFilter
          label="Done by"
          value={actorId}
          onChange={setActorId}
          users={directory.sorted}
          loading={directory.isPending}
          failed={directory.isError}
        />
      </FilterBar>

      {audit.isPending ? (
        <PageLoader label="Loading the audit log..." minH="20vh" />
      ) : audit.isError ? (
        <ErrorState
          title="The audit log could not be loaded"
          description={errorMessage(audit.error)}
          onRetry={() => void audit.refetch()}
          retrying={audit.isRefetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          title="No audit entries"
          description={
            entityType === ALL && actorId === ALL
              ? 'Admin actions (reviews, user, plan and account record edits) will be recorded here.'
              : 'Nothing matches these filters.'
          }
        />
      ) : (
        <Stack gap="2">
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" minW="36rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="1">
                    <Box srOnly>Before and after</Box>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>Action</Table.ColumnHeader>
                  <Table.ColumnHeader>Who and when</Table.ColumnHeader>
                  <Table.ColumnHeader>Changed fields</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((e) => (
                  <ExpandableRow
                    key={e.id}
                    open={open.has(e.id)}
                    onToggle={() => setOpen((s) => toggleInSet(s, e.id))}
                    label={`before and after of ${e.action} on ${formatDateTime(e.createdAt)}`}
                    colSpan={4}
                    details={() => <AuditChanges before={e.before} after={e.after} />}
                  >
                    <StackedCell
                      primary={
                        <Badge colorPalette={actionPalette(e.action)} variant="subtle" fontFamily="mono">
                          {e.action}
                        </Badge>
                      }
                      secondary={entityName(e)}
                      title={e.entityId ?? undefined}
                    />
                    <StackedCell
                      primary={e.actorEmail ?? (e.actorId ? `#${e.actorId.slice(0, 8)}` : 'System')}
                      title={e.actorEmail ?? undefined}
                      secondary={<Time iso={e.createdAt} format={formatDateTime} />}
                    />
                    <Table.Cell maxW="16rem">
                      <Text fontSize="xs" color="fg.muted" truncate>
                        {changedFields(e)}
                      </Text>
                    </Table.Cell>
                  </ExpandableRow>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <LoadMore
            shown={items.length}
            hasMore={audit.hasNextPage}
            loading={audit.isFetchingNextPage}
            onLoadMore={() => void audit.fetchNextPage()}
          />
        </Stack>
      )}
    </Stack>
  );
}
