import { useState } from 'react';
import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '../../i18n';
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
import { actionWords, entityWords, fieldWords } from './audit-words';

const SECURITY = 'security';

/** The entity types the server records (audit `entityType`), and the security events, for the filter. */
const ENTITY_OPTIONS = [
  { value: ALL, label: msg`All changes` },
  { value: 'deposit', label: msg`Deposits` },
  { value: 'withdrawal', label: msg`Withdrawals` },
  { value: 'user', label: msg`Users` },
  { value: 'plan', label: msg`Plans` },
  { value: 'deposit_account', label: msg`Deposit account record` },
  { value: SECURITY, label: msg`Sign-ins and sessions` },
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
  return action.startsWith('auth.') ? t`Visitor` : t`System`;
}

/** Why a sign-in failed or sessions ended, in words (the audit row keeps the code). */
const REASONS: Record<string, MessageDescriptor> = {
  unknown_email: msg`no account with this email`,
  wrong_password: msg`wrong password`,
  account_disabled: msg`the account is disabled`,
  role_change: msg`the role changed`,
  promoted_by_cli: msg`promoted to admin by the command line`,
};

/** The roles as the audit snapshot records them. */
const ROLES: Record<string, MessageDescriptor> = { user: msg`user`, admin: msg`admin` };
const roleWords = (role: unknown): string => {
  const known = typeof role === 'string' ? ROLES[role] : undefined;
  return known ? i18n._(known) : String(role);
};

/** The security events and account actions in words, for the admin reading the log. */
export function describeAction(e: { action: string; before?: unknown; after?: unknown }): string | null {
  const after = (e.after ?? {}) as Record<string, unknown>;
  const before = (e.before ?? {}) as Record<string, unknown>;
  const known = typeof after.reason === 'string' ? REASONS[after.reason] : undefined;
  const reason = known ? i18n._(known) : typeof after.reason === 'string' ? after.reason : null;
  switch (e.action) {
    case 'auth.sign_in':
      return t`Signed in`;
    case 'auth.sign_in_failed': {
      const email = String(after.email ?? '?');
      return reason ? t`Sign-in failed for ${email}: ${reason}` : t`Sign-in failed for ${email}`;
    }
    case 'auth.sign_out':
      return t`Signed out`;
    case 'session.revoke': {
      const n = Number(after.sessionsEnded ?? 0);
      return reason
        ? t`${plural(n, { one: '# session ended', other: '# sessions ended' })}: ${reason}`
        : t`${plural(n, { one: '# session ended', other: '# sessions ended' })}`;
    }
    case 'user.role_change': {
      const from = roleWords(before.accountType);
      const to = roleWords(after.accountType);
      return t`Role changed from ${from} to ${to}`;
    }
    case 'user.disable':
      return t`Account disabled`;
    case 'user.enable':
      return t`Account enabled again`;
    case 'user.promote_admin':
      return t`Made an administrator by pnpm cli create-admin --promote`;
    case 'user.create_admin':
      return t`Administrator account created by pnpm cli create-admin`;
    default:
      return null;
  }
}

/** A field's words inside a sentence: lower case in English (German nouns keep their capital). */
const inSentence = (words: string): string => (i18n.locale === 'en' ? words.toLowerCase() : words);

function changedFields(entry: { before?: unknown; after?: unknown }): string {
  const changed = diffSnapshots(entry.before, entry.after)
    .filter((c) => c.changed)
    .map((c) => inSentence(fieldWords(c.field)));
  const fields = changed.join(', ');
  return changed.length ? t`Changed: ${fields}` : '—';
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
    if (!e.entityId) return entityWords(e.entityType);
    const user = e.entityType === 'user' ? directory.byId.get(e.entityId) : undefined;
    if (user) {
      const email = user.email;
      return t`user ${email}`;
    }
    return `${inSentence(entityWords(e.entityType))} #${e.entityId.slice(0, 8)}`;
  };

  return (
    <Stack gap="4">
      <DeskFilters
        select={{
          label: t`What changed`,
          value: entityType,
          options: ENTITY_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) })),
          onChange: setEntityType,
        }}
        userLabel={t`Done by`}
        userId={actorId}
        onUserChange={setActorId}
      />

      <PagedTable
        list={audit}
        loadingLabel={t`Loading the audit log...`}
        errorTitle={t`The audit log could not be loaded`}
        empty={
          <EmptyState
            title={t`No audit entries`}
            description={
              entityType === ALL && actorId === ALL
                ? t`Admin actions (reviews, user, plan and account record edits) will be recorded here.`
                : entityType === SECURITY && actorId === ALL
                  ? t`Sign-ins, failed sign-in attempts, sign-outs and ended sessions will be recorded here.`
                  : t`Nothing matches these filters.`
            }
          />
        }
        minW="36rem"
        toggleHeader={t`Before and after`}
        headers={
          <>
            <Table.ColumnHeader>
              <Trans>Action</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Who and when</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>What happened</Trans>
            </Table.ColumnHeader>
          </>
        }
        row={(e, disclosure) => {
          const action = actionWords(e.action);
          const when = formatDateTime(e.createdAt);
          return (
            <ExpandableRow
              key={e.id}
              {...disclosure}
              label={t`before and after of "${action}" on ${when}`}
              colSpan={4}
              details={() => <AuditChanges before={e.before} after={e.after} entityType={e.entityType} />}
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
          );
        }}
      />
    </Stack>
  );
}
