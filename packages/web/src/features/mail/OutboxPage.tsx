import { useState } from 'react';
import { Alert, Badge, Box, Button, Field, Flex, Input, Stack, Table, Text } from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDebounced } from '../../lib/use-debounced';
import type { TMailOutboxInput, TMailStatus } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/errors';
import { OptionSelect } from '../../components/ui/option-select';
import { EmptyState, PageLoader } from '../../components/ui/states';
import { PageIntro } from '../dashboard/PageIntro';
import { ExpandableRow } from '../../components/table/ExpandableRow';
import { PagedTable } from '../../components/table/PagedTable';
import { StackedCell, Time } from '../../components/table/StackedCell';

const PAGE_SIZE = 25;
const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

const STATUS_PALETTE: Record<TMailStatus, string> = { queued: 'orange', sent: 'green', failed: 'red' };
const STATUS_WORD: Record<TMailStatus, MessageDescriptor> = {
  queued: msg`queued`,
  sent: msg`sent`,
  failed: msg`failed`,
};
const STATUS_OPTIONS: { value: '' | TMailStatus; label: MessageDescriptor }[] = [
  { value: '', label: msg`All messages` },
  { value: 'queued', label: msg`Waiting (queued)` },
  { value: 'sent', label: msg`Sent` },
  { value: 'failed', label: msg`Failed` },
];

/** The outbox, newest first, page by page (admins). */
function useOutboxPages(input: Omit<TMailOutboxInput, 'cursor'>) {
  const query = trpc.mail.outbox.useInfiniteQuery(input, nextPage);
  const pages = query.data?.pages;
  return { ...query, items: pages?.flatMap((p) => p.items) ?? [], delivering: pages?.[0]?.delivering };
}

/** One message's body, fetched (and audit-logged) only when an admin opens it. */
function MessageBody({ id, withheld }: { id: string; withheld: boolean }) {
  const { t } = useLingui();
  const open = trpc.mail.open.useMutation();
  if (open.isIdle && withheld) {
    return (
      <Stack gap="2" align="flex-start">
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            A security message (a link or an account notice) is for its recipient only: its body is never shown here.
          </Trans>
        </Text>
        <Button size="sm" variant="outline" onClick={() => open.mutate({ id })}>
          <Trans>Why this message waits</Trans>
        </Button>
      </Stack>
    );
  }
  if (open.isIdle) {
    return (
      <Stack gap="2" align="flex-start">
        <Text fontSize="sm" color="fg.muted">
          <Trans>A message may hold a single-use link. Reading it is recorded in the audit log.</Trans>
        </Text>
        <Button size="sm" variant="outline" onClick={() => open.mutate({ id })}>
          <Trans>Read this message</Trans>
        </Button>
      </Stack>
    );
  }
  if (open.isPending) return <PageLoader label={t`Opening the message...`} minH="6rem" />;
  if (open.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Description>{errorMessage(open.error)}</Alert.Description>
      </Alert.Root>
    );
  }
  const m = open.data;
  if (m.withheld) {
    return (
      <Alert.Root status="info" variant="subtle">
        <Alert.Indicator />
        <Alert.Description whiteSpace="pre-wrap">{m.text}</Alert.Description>
      </Alert.Root>
    );
  }
  if (m.text === null) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          The body was dropped after the message was delivered (it may have held a link). Recipient, subject and status
          stay.
        </Trans>
      </Text>
    );
  }
  return (
    <Box as="pre" whiteSpace="pre-wrap" fontFamily="mono" fontSize="sm" bg="bg" p="3" rounded="md" borderWidth="1px">
      {m.text}
    </Box>
  );
}

/** /dashboard/outbox (admins): every message the platform wrote, whether it went out, and its body on request. */
export default function OutboxPage() {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<'' | TMailStatus>('');
  const [recipientText, setRecipientText] = useState('');
  const recipient = useDebounced(recipientText.trim(), 300);
  const list = useOutboxPages({ limit: PAGE_SIZE, status: status || undefined, recipient: recipient || undefined });

  return (
    <Stack gap="6">
      <PageIntro title={t`Outbox`}>
        <Trans>
          Every email the platform writes: verification and reset links, security notices and money notifications.
        </Trans>
      </PageIntro>
      {list.delivering === false ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>Mail is not being sent: no SMTP server is configured. Messages wait here.</Trans>
            </Alert.Title>
            <Alert.Description>
              <Trans>
                Set SMTP_URL (and MAIL_FROM) and restart the server to deliver them. Security messages (reset and
                verification links) are never shown here: someone with server access gives a member a fresh reset link
                with pnpm cli reset-link --email ADDRESS.
              </Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : list.delivering === true ? (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Description>
            <Trans>
              Mail is delivered through the configured SMTP server. A delivered message keeps its recipient, subject and
              status; its body is dropped.
            </Trans>
          </Alert.Description>
        </Alert.Root>
      ) : null}

      <Flex gap="3" wrap="wrap" align="flex-end">
        <OptionSelect
          rootProps={{ size: 'sm', maxW: '16rem' }}
          aria-label={t`Status`}
          options={STATUS_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as '' | TMailStatus)}
        />
        <Field.Root maxW="20rem" w="full">
          <Field.Label srOnly>
            <Trans>Recipient</Trans>
          </Field.Label>
          <Input
            size="sm"
            type="search"
            placeholder={t`Search by recipient`}
            value={recipientText}
            onChange={(e) => setRecipientText(e.currentTarget.value)}
            autoComplete="off"
          />
        </Field.Root>
      </Flex>

      <PagedTable
        list={list}
        loadingLabel={t`Loading the outbox...`}
        errorTitle={t`The outbox could not be loaded`}
        empty={
          <EmptyState
            title={t`No messages`}
            description={
              status || recipient ? t`Nothing matches this filter.` : t`Messages the platform writes will appear here.`
            }
          />
        }
        minW="40rem"
        toggleHeader={t`Message`}
        noun="message"
        headers={
          <>
            <Table.ColumnHeader>
              <Trans>To and subject</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Status</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Written and sent</Trans>
            </Table.ColumnHeader>
          </>
        }
        row={(m, disclosure) => {
          const subject = m.subject;
          const to = m.to;
          const kind = m.kind;
          const attempts = m.attempts;
          const lastError = m.lastError;
          const sentAt = formatDateTime(m.sentAt);
          return (
            <ExpandableRow
              key={m.id}
              {...disclosure}
              label={t`message "${subject}" to ${to}`}
              colSpan={4}
              details={() => <MessageBody id={m.id} withheld={m.withheld} />}
            >
              <StackedCell
                primary={m.subject}
                secondary={m.withheld ? t`${to} · ${kind} · security message, body not shown` : `${to} · ${kind}`}
                title={m.subject}
              />
              <StackedCell
                primary={
                  <Badge colorPalette={STATUS_PALETTE[m.status]} variant="subtle">
                    {i18n._(STATUS_WORD[m.status])}
                  </Badge>
                }
                secondary={
                  attempts === 0
                    ? t`not tried`
                    : lastError
                      ? t`${plural(attempts, { one: '# attempt', other: '# attempts' })}: ${lastError}`
                      : t`${plural(attempts, { one: '# attempt', other: '# attempts' })}`
                }
                title={m.lastError ?? undefined}
              />
              <StackedCell
                primary={<Time iso={m.createdAt} format={formatDateTime} />}
                secondary={m.sentAt ? t`sent ${sentAt}` : '—'}
              />
            </ExpandableRow>
          );
        }}
      />
    </Stack>
  );
}
