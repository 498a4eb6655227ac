import { Badge, Box, Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { TStatement } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { EmptyState, listState } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';

function period(s: TStatement): string {
  if (!s.fromDate && !s.toDate) return formatDate(s.importedAt);
  if (s.fromDate === s.toDate || !s.toDate) return formatDate(s.fromDate);
  return `${formatDate(s.fromDate)} to ${formatDate(s.toDate)}`;
}

function ApproveCell({ statement }: { statement: TStatement }) {
  const { user: me } = useSession();
  const utils = trpc.useUtils();
  const approve = trpc.statement.approve.useMutation({
    onSuccess: (s) => {
      toaster.create({
        type: 'success',
        title: 'Statement approved',
        description: `${s.summary.credits.length} ${s.summary.credits.length === 1 ? 'member' : 'members'} credited, ${s.summary.settlements} payouts settled.`,
      });
      void utils.statement.invalidate();
      void utils.deposit.invalidate();
      void utils.withdrawal.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: 'Not approved',
        description: errorMessage(err, 'The statement was not approved.'),
      }),
  });
  if (statement.status === 'approved')
    return <Text fontSize="sm">Approved {formatDateTime(statement.approvedAt)}</Text>;
  const mine = me !== null && me !== undefined && statement.importedBy === me.id;
  const reasonId = `approve-reason-${statement.id}`;
  return (
    <Stack gap="1" align="start">
      <Button
        size="sm"
        colorPalette="teal"
        disabled={mine}
        aria-describedby={mine ? reasonId : undefined}
        aria-label={`Approve the statement of ${period(statement)}`}
        loading={approve.isPending}
        onClick={() => approve.mutate({ statementId: statement.id })}
      >
        Approve
      </Button>
      {mine ? (
        <Text id={reasonId} fontSize="xs" color="fg.muted" maxW="14rem">
          You imported it: another administrator must approve it.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The imported statements, newest first: figures, status and Approve (four eyes), and a button to see the lines. */
export function StatementList({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const list = trpc.statement.list.useQuery();
  const state = listState(
    { ...list, items: list.data ?? [] },
    {
      loading: 'Loading the statements...',
      errorTitle: 'The statements could not be loaded',
      empty: <EmptyState title="No statement imported yet" description="Import the bank's statement file above." />,
      minH: '10rem',
    },
  );
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Statements
        </Heading>
      </Card.Header>
      <Card.Body>
        {state ?? (
          <Box overflowX="auto" tabIndex={0} role="region" aria-label="Statements table">
            <Table.Root size="sm" minW="44rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Period</Table.ColumnHeader>
                  <Table.ColumnHeader>Account</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Closing</Table.ColumnHeader>
                  <Table.ColumnHeader>Lines</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Review</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {(list.data ?? []).map((s) => (
                  <Table.Row key={s.id} bg={selected === s.id ? 'teal.50' : undefined}>
                    <Table.Cell>{period(s)}</Table.Cell>
                    <Table.Cell>{s.bankAccount}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(s.closing)}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2" wrap="wrap">
                        <Text fontSize="sm">
                          {s.lines} new, {s.summary.exceptions}{' '}
                          {s.summary.exceptions === 1 ? 'exception' : 'exceptions'}
                        </Text>
                        <Button
                          size="xs"
                          variant="outline"
                          aria-pressed={selected === s.id}
                          aria-label={`Show the lines of the statement of ${period(s)}`}
                          onClick={() => onSelect(s.id)}
                        >
                          Lines
                        </Button>
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={s.status === 'approved' ? 'green' : 'yellow'} variant="subtle">
                        {s.status === 'approved' ? 'Approved' : 'Waiting for approval'}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>
                      <ApproveCell statement={s} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
