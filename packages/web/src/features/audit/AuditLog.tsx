import { useState } from 'react';
import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import type { TAuditEntry } from '@vestora/contract';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../../components/ui/states';
import { PAGE_SIZE, useAuditPages, useUserDirectory } from '../money/money-hooks';
import { ALL, DeskFilters } from '../money/components/Filters';
import { ExpandableRow } from '../money/components/ExpandableRow';
import { PagedTable } from '../money/components/PagedTable';
import { StackedCell, Time } from '../money/components/StackedCell';
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
  const directory = useUserDirectory();

  const audit = useAuditPages({
    limit: PAGE_SIZE,
    entityType: entityType === ALL ? undefined : entityType,
    actorId: actorId === ALL ? undefined : actorId,
  });

  const entityName = (e: Pick<TAuditEntry, 'entityType' | 'entityId'>) => {
    if (!e.entityId) return e.entityType;
    const user = e.entityType === 'user' ? directory.byId.get(e.entityId) : undefined;
    return user ? `user ${user.email}` : `${e.entityType} #${e.entityId.slice(0, 8)}`;
  };

  return (
    <Stack gap="4">
      <DeskFilters
        select={{ label: 'What changed', value: entityType, options: ENTITY_OPTIONS, onChange: setEntityType }}
        userLabel="Done by"
        userId={actorId}
        onUserChange={setActorId}
        directory={directory}
      />

      <PagedTable
        list={audit}
        loadingLabel="Loading the audit log..."
        errorTitle="The audit log could not be loaded"
        empty={
          <EmptyState
            title="No audit entries"
            description={
              entityType === ALL && actorId === ALL
                ? 'Admin actions (reviews, user, plan and account record edits) will be recorded here.'
                : 'Nothing matches these filters.'
            }
          />
        }
        minW="36rem"
        toggleHeader="Before and after"
        headers={
          <>
            <Table.ColumnHeader>Action</Table.ColumnHeader>
            <Table.ColumnHeader>Who and when</Table.ColumnHeader>
            <Table.ColumnHeader>Changed fields</Table.ColumnHeader>
          </>
        }
        row={(e, disclosure) => (
          <ExpandableRow
            key={e.id}
            {...disclosure}
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
        )}
      />
    </Stack>
  );
}
