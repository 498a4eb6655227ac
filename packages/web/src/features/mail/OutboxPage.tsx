import { useState } from 'react';
import { Alert, Badge, Box, Button, Field, Flex, Input, Stack, Table, Text } from '@chakra-ui/react';
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
const STATUS_OPTIONS: { value: '' | TMailStatus; label: string }[] = [
  { value: '', label: 'All messages' },
  { value: 'queued', label: 'Waiting (queued)' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
];

/** The outbox, newest first, page by page (admins). */
function useOutboxPages(input: Omit<TMailOutboxInput, 'cursor'>) {
  const query = trpc.mail.outbox.useInfiniteQuery(input, nextPage);
  const pages = query.data?.pages;
  return { ...query, items: pages?.flatMap((p) => p.items) ?? [], delivering: pages?.[0]?.delivering };
}

/** One message's body, fetched (and audit-logged) only when an admin opens it. */
function MessageBody({ id, withheld }: { id: string; withheld: boolean }) {
  const open = trpc.mail.open.useMutation();
  if (open.isIdle && withheld) {
    return (
      <Stack gap="2" align="flex-start">
        <Text fontSize="sm" color="fg.muted">
          A security message (a link or an account notice) is for its recipient only: its body is never shown here.
        </Text>
        <Button size="sm" variant="outline" onClick={() => open.mutate({ id })}>
          Why this message waits
        </Button>
      </Stack>
    );
  }
  if (open.isIdle) {
    return (
      <Stack gap="2" align="flex-start">
        <Text fontSize="sm" color="fg.muted">
          A message may hold a single-use link. Reading it is recorded in the audit log.
        </Text>
        <Button size="sm" variant="outline" onClick={() => open.mutate({ id })}>
          Read this message
        </Button>
      </Stack>
    );
  }
  if (open.isPending) return <PageLoader label="Opening the message..." minH="6rem" />;
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
        The body was dropped after the message was delivered (it may have held a link). Recipient, subject and status
        stay.
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
  const [status, setStatus] = useState<'' | TMailStatus>('');
  const [recipientText, setRecipientText] = useState('');
  const recipient = useDebounced(recipientText.trim(), 300);
  const list = useOutboxPages({ limit: PAGE_SIZE, status: status || undefined, recipient: recipient || undefined });

  return (
    <Stack gap="6">
      <PageIntro title="Outbox">
        Every email the platform writes: verification and reset links, security notices and money notifications.
      </PageIntro>
      {list.delivering === false ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Mail is not being sent: no SMTP server is configured. Messages wait here.</Alert.Title>
            <Alert.Description>
              Set SMTP_URL (and MAIL_FROM) and restart the server to deliver them. Security messages (reset and
              verification links) are never shown here: someone with server access gives a member a fresh reset link
              with pnpm cli reset-link --email ADDRESS.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : list.delivering === true ? (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Description>
            Mail is delivered through the configured SMTP server. A delivered message keeps its recipient, subject and
            status; its body is dropped.
          </Alert.Description>
        </Alert.Root>
      ) : null}

      <Flex gap="3" wrap="wrap" align="flex-end">
        <OptionSelect
          rootProps={{ size: 'sm', maxW: '16rem' }}
          aria-label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as '' | TMailStatus)}
        />
        <Field.Root maxW="20rem" w="full">
          <Field.Label srOnly>Recipient</Field.Label>
          <Input
            size="sm"
            type="search"
            placeholder="Search by recipient"
            value={recipientText}
            onChange={(e) => setRecipientText(e.currentTarget.value)}
            autoComplete="off"
          />
        </Field.Root>
      </Flex>

      <PagedTable
        list={list}
        loadingLabel="Loading the outbox..."
        errorTitle="The outbox could not be loaded"
        empty={
          <EmptyState
            title="No messages"
            description={
              status || recipient ? 'Nothing matches this filter.' : 'Messages the platform writes will appear here.'
            }
          />
        }
        minW="40rem"
        toggleHeader="Message"
        noun={['message', 'messages']}
        headers={
          <>
            <Table.ColumnHeader>To and subject</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Written and sent</Table.ColumnHeader>
          </>
        }
        row={(m, disclosure) => (
          <ExpandableRow
            key={m.id}
            {...disclosure}
            label={`message "${m.subject}" to ${m.to}`}
            colSpan={4}
            details={() => <MessageBody id={m.id} withheld={m.withheld} />}
          >
            <StackedCell
              primary={m.subject}
              secondary={`${m.to} · ${m.kind}${m.withheld ? ' · security message, body not shown' : ''}`}
              title={m.subject}
            />
            <StackedCell
              primary={
                <Badge colorPalette={STATUS_PALETTE[m.status]} variant="subtle">
                  {m.status}
                </Badge>
              }
              secondary={
                m.attempts === 0
                  ? 'not tried'
                  : `${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}${m.lastError ? `: ${m.lastError}` : ''}`
              }
              title={m.lastError ?? undefined}
            />
            <StackedCell
              primary={<Time iso={m.createdAt} format={formatDateTime} />}
              secondary={m.sentAt ? `sent ${formatDateTime(m.sentAt)}` : '—'}
            />
          </ExpandableRow>
        )}
      />
    </Stack>
  );
}
