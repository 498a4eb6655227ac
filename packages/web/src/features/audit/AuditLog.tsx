import { useState } from 'react';
import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import type { TAuditEntry, TAuditListInput } from '@vestora/contract';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../../components/ui/states';
import { PAGE_SIZE, useAuditPages } from '../../lib/money-hooks';
import { useUserNames } from '../../lib/user-hooks';
import { ALL, DeskFilters } from '../../components/table/Filters';
import { ExpandableRow } from '../../components/table/ExpandableRow';
import { PagedTable } from '../../components/table/PagedTable';
import { StackedCell, Time } from '../../components/table/StackedCell';
import { AuditChanges, diffSnapshots } from './AuditChanges';
import { actionWords, fieldWords } from './audit-words';

const SECURITY = 'security';

/** The entity types the server records (audit `entityType`), and the security events, for the filter. */
const ENTITY_OPTIONS = [
  { value: ALL, label: 'All changes' },
  { value: 'deposit', label: 'Deposits' },
  { value: 'withdrawal', label: 'Withdrawals' },
  { value: 'user', label: 'Users' },
  { value: 'plan', label: 'Plans' },
  { value: 'deposit_account', label: 'Deposit account record' },
  { value: SECURITY, label: 'Sign-ins and sessions' },
] as const;
type EntityFilter = (typeof ENTITY_OPTIONS)[number]['value'];

/** The filter as audit.list takes it: sign-ins and sessions are their own view, the rest are changes. */
function listFilter(value: EntityFilter): Pick<TAuditListInput, 'entityType' | 'kind'> {
  if (value === SECURITY) return { kind: 'security' };
  return { kind: 'changes', entityType: value === ALL ? undefined : value };
}

const ACTION_PALETTE: Record<string, string> = {
  create: 'green',
  confirm: 'green',
  approve: 'green',
  update: 'blue',
  adjust: 'blue',
  reject: 'red',
  delete: 'red',
  cancel: 'gray',
  sign_in: 'green',
  sign_in_failed: 'orange',
  sign_out: 'gray',
  revoke: 'orange',
  role_change: 'purple',
  disable: 'red',
  enable: 'green',
  promote_admin: 'purple',
  create_admin: 'purple',
};

/** "plan.update" → blue, "deposit.reject" → red: the verb decides the colour. */
function actionPalette(action: string): string {
  const verb = action.split('.').pop() ?? action;
  return ACTION_PALETTE[verb] ?? 'gray';
}

/** Who did an action without an actor: a failed sign-in is a visitor's, everything else the system's. */
function actorlessName(action: string): string {
  return action.startsWith('auth.') ? 'Visitor' : 'System';
}

/** Why a sign-in failed or sessions ended, in words (the audit row keeps the code). */
const REASONS: Record<string, string> = {
  unknown_email: 'no account with this email',
  wrong_password: 'wrong password',
  account_disabled: 'the account is disabled',
  role_change: 'the role changed',
  promoted_by_cli: 'promoted to admin by the command line',
};

/** The security events and account actions in words, for the admin reading the log. */
export function describeAction(e: { action: string; before?: unknown; after?: unknown }): string | null {
  const after = (e.after ?? {}) as Record<string, unknown>;
  const before = (e.before ?? {}) as Record<string, unknown>;
  const reason = typeof after.reason === 'string' ? (REASONS[after.reason] ?? after.reason) : null;
  switch (e.action) {
    case 'auth.sign_in':
      return 'Signed in';
    case 'auth.sign_in_failed':
      return `Sign-in failed for ${String(after.email ?? '?')}${reason ? `: ${reason}` : ''}`;
    case 'auth.sign_out':
      return 'Signed out';
    case 'session.revoke': {
      const n = Number(after.sessionsEnded ?? 0);
      return `${n} ${n === 1 ? 'session' : 'sessions'} ended${reason ? `: ${reason}` : ''}`;
    }
    case 'user.role_change':
      return `Role changed from ${String(before.accountType)} to ${String(after.accountType)}`;
    case 'user.disable':
      return 'Account disabled';
    case 'user.enable':
      return 'Account enabled again';
    case 'user.promote_admin':
      return 'Made an administrator by pnpm cli create-admin --promote';
    case 'user.create_admin':
      return 'Administrator account created by pnpm cli create-admin';
    default:
      return null;
  }
}

function changedFields(entry: { before?: unknown; after?: unknown }): string {
  const changed = diffSnapshots(entry.before, entry.after)
    .filter((c) => c.changed)
    .map((c) => fieldWords(c.field).toLowerCase());
  return changed.length ? `Changed: ${changed.join(', ')}` : '—';
}

/** Money desk tab: every admin action with who, when, what and the before/after snapshots. */
export function AuditLog() {
  const [entityType, setEntityType] = useState<EntityFilter>(ALL);
  const [actorId, setActorId] = useState<string>(ALL);
  const audit = useAuditPages({
    limit: PAGE_SIZE,
    ...listFilter(entityType),
    actorId: actorId === ALL ? undefined : actorId,
  });
  // Accounts named by the entries loaded so far, looked up by id.
  const directory = useUserNames(audit.items.map((e) => (e.entityType === 'user' ? e.entityId : null)));

  const entityName = (e: Pick<TAuditEntry, 'entityType' | 'entityId'>) => {
    if (!e.entityId) return e.entityType;
    const user = e.entityType === 'user' ? directory.byId.get(e.entityId) : undefined;
    return user ? `user ${user.email}` : `${fieldWords(e.entityType).toLowerCase()} #${e.entityId.slice(0, 8)}`;
  };

  return (
    <Stack gap="4">
      <DeskFilters
        select={{ label: 'What changed', value: entityType, options: ENTITY_OPTIONS, onChange: setEntityType }}
        userLabel="Done by"
        userId={actorId}
        onUserChange={setActorId}
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
                : entityType === SECURITY && actorId === ALL
                  ? 'Sign-ins, failed sign-in attempts, sign-outs and ended sessions will be recorded here.'
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
            <Table.ColumnHeader>What happened</Table.ColumnHeader>
          </>
        }
        row={(e, disclosure) => (
          <ExpandableRow
            key={e.id}
            {...disclosure}
            label={`before and after of "${actionWords(e.action)}" on ${formatDateTime(e.createdAt)}`}
            colSpan={4}
            details={() => <AuditChanges before={e.before} after={e.after} />}
          >
            <StackedCell
              primary={
                <Badge colorPalette={actionPalette(e.action)} variant="subtle" title={e.action} whiteSpace="normal">
                  {actionWords(e.action)}
                </Badge>
              }
              secondary={entityName(e)}
              title={e.entityId ?? undefined}
            />
            <StackedCell
              primary={e.actorEmail ?? (e.actorId ? `#${e.actorId.slice(0, 8)}` : actorlessName(e.action))}
              title={e.actorEmail ?? undefined}
              secondary={<Time iso={e.createdAt} format={formatDateTime} />}
            />
            <Table.Cell maxW="16rem">
              <Text fontSize="xs" color="fg.muted" truncate title={describeAction(e) ?? undefined}>
                {describeAction(e) ?? changedFields(e)}
              </Text>
            </Table.Cell>
          </ExpandableRow>
        )}
      />
    </Stack>
  );
}
