import { useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import type { TStatement } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatInteger, formatMoney } from '../../lib/format';
import { EmptyState, listState } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { ScrollingTable } from '../../components/table/ScrollCue';
import { ApproveStatementDialog } from './ApproveStatementDialog';

function period(s: TStatement): string {
  if (!s.fromDate && !s.toDate) return formatDate(s.importedAt);
  if (s.fromDate === s.toDate || !s.toDate) return formatDate(s.fromDate);
  const from = formatDate(s.fromDate);
  const to = formatDate(s.toDate);
  return t`${from} to ${to}`;
}

function ApproveCell({ statement }: { statement: TStatement }) {
  const { user: me } = useSession();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const approve = trpc.statement.approve.useMutation({
    onSuccess: (s) => {
      setConfirming(false);
      const members = s.summary.credits.length;
      const payouts = s.summary.settlements;
      toaster.create({
        type: 'success',
        title: t`Statement approved`,
        description: t`${plural(members, { one: '# member credited', other: '# members credited' })}, ${plural(payouts, { one: '# payout settled', other: '# payouts settled' })}.`,
      });
      void utils.statement.invalidate();
      void utils.deposit.invalidate();
      void utils.withdrawal.invalidate();
    },
    onError: (err) => {
      setConfirming(false);
      toaster.create({
        type: 'error',
        title: t`Not approved`,
        description: errorMessage(err, t`The statement was not approved.`),
      });
      void utils.statement.invalidate();
    },
  });
  if (statement.status === 'approved') return <ApprovedAt at={formatDateTime(statement.approvedAt)} />;
  const mine = me !== null && me !== undefined && statement.importedBy === me.id;
  const reasonId = `approve-reason-${statement.id}`;
  const shownPeriod = period(statement);
  return (
    <Stack gap="1" align="start">
      <Button
        size="sm"
        colorPalette="teal"
        disabled={mine}
        aria-describedby={mine ? reasonId : undefined}
        aria-label={t`Approve the statement of ${shownPeriod}`}
        loading={approve.isPending}
        onClick={() => setConfirming(true)}
      >
        <Trans>Approve</Trans>
      </Button>
      <ApproveStatementDialog
        statementId={confirming ? statement.id : null}
        period={shownPeriod}
        busy={approve.isPending}
        onConfirm={() => approve.mutate({ statementId: statement.id })}
        onClose={() => setConfirming(false)}
      />
      {mine ? (
        <Text id={reasonId} fontSize="xs" color="fg.muted" maxW="14rem">
          <Trans>You imported it: another administrator must approve it.</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

function ApprovedAt({ at }: { at: string }) {
  return (
    <Text fontSize="sm">
      <Trans>Approved {at}</Trans>
    </Text>
  );
}

/** The imported statements, newest first: figures, status and Approve (four eyes), and a button to see the lines. */
export function StatementList({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const list = trpc.statement.list.useQuery();
  const state = listState(
    { ...list, items: list.data ?? [] },
    {
      loading: t`Loading the statements...`,
      errorTitle: t`The statements could not be loaded`,
      empty: (
        <EmptyState title={t`No statement imported yet`} description={t`Import the bank's statement file above.`} />
      ),
      minH: '10rem',
    },
  );
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          <Trans>Statements</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        {state ?? (
          <ScrollingTable label={t`Statements table`}>
            <Table.Root size="sm" minW="44rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Period</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Account</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Closing</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Lines</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Status</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Review</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {(list.data ?? []).map((s) => {
                  const shownPeriod = period(s);
                  return (
                    <Table.Row key={s.id} bg={selected === s.id ? 'teal.subtle' : undefined}>
                      <Table.Cell>{shownPeriod}</Table.Cell>
                      <Table.Cell>{s.bankAccount}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {formatMoney(s.closing)}
                        <FileFigures statement={s} />
                      </Table.Cell>
                      <Table.Cell>
                        <HStack gap="2" wrap="wrap">
                          <Text fontSize="sm">
                            <LinesSummary lines={s.lines} exceptions={s.summary.exceptions} />
                          </Text>
                          <Button
                            size="xs"
                            variant="outline"
                            aria-pressed={selected === s.id}
                            aria-label={t`Show the lines of the statement of ${shownPeriod}`}
                            onClick={() => onSelect(s.id)}
                          >
                            <Trans>Lines</Trans>
                          </Button>
                        </HStack>
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={s.status === 'approved' ? 'green' : 'yellow'} variant="subtle">
                          {s.status === 'approved' ? <Trans>Approved</Trans> : <Trans>Waiting for approval</Trans>}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell>
                        <ApproveCell statement={s} />
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </ScrollingTable>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function LinesSummary({ lines, exceptions }: { lines: number; exceptions: number }) {
  const count = formatInteger(lines);
  return (
    <>
      <Trans>
        {count} new, <Plural value={exceptions} one="# exception" other="# exceptions" />
      </Trans>
    </>
  );
}

/** What the file itself says (every line, duplicates included) and whether its balances were checked (#27). */
function FileFigures({ statement: s }: { statement: TStatement }) {
  if (s.fileCredits === null || s.fileDebits === null) return null;
  const credits = formatMoney(s.fileCredits);
  const debits = formatMoney(s.fileDebits);
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="statement-file-totals">
      <Trans>
        In the file: {credits} in, {debits} out.
      </Trans>{' '}
      {s.balanceChecked ? (
        <Trans>Balances checked.</Trans>
      ) : (
        <Text as="span" color="fg.warning">
          <Trans>No balance column: the balances could not be checked.</Trans>
        </Text>
      )}
    </Text>
  );
}
