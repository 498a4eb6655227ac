import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TStatementLine, TStatementLineStatus } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { formatSignedMoney } from '../../lib/money-labels';
import { Field } from '../../components/ui/field';
import { OptionSelect } from '../../components/ui/option-select';
import { EmptyState, listState } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { ScrollingTable } from '../../components/table/ScrollCue';
import { statementReason } from './statement-reasons';

export const LINE_STATUS: Record<TStatementLineStatus, { label: MessageDescriptor; palette: string }> = {
  matched: { label: msg`Matched: waiting for approval`, palette: 'blue' },
  applied: { label: msg`Applied`, palette: 'green' },
  exception: { label: msg`Exception`, palette: 'red' },
  assigned: { label: msg`Assigned: deposit to confirm`, palette: 'yellow' },
  dismissed: { label: msg`Set aside`, palette: 'gray' },
};

const ALL = 'all';
const STATUS_OPTIONS: { value: TStatementLineStatus | typeof ALL; label: MessageDescriptor }[] = [
  { value: ALL, label: msg`All lines` },
  ...(Object.keys(LINE_STATUS) as TStatementLineStatus[]).map((s) => ({ value: s, label: LINE_STATUS[s].label })),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Assign an exception to a member (by email or id) or set it aside with a reason. */
function ResolveLine({ line, onDone }: { line: TStatementLine; onDone: () => void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const amount = formatSignedMoney(line.amount);
  const [member, setMember] = useState('');
  const [memberError, setMemberError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [finding, setFinding] = useState(false);
  const done = (title: string, description: string) => {
    toaster.create({ type: 'success', title, description });
    void utils.statement.invalidate();
    void utils.deposit.invalidate();
    onDone();
  };
  const assign = trpc.statement.assign.useMutation({
    onSuccess: () =>
      done(
        t`Proposed — waiting for a second administrator`,
        t`A pending deposit was made for the member: another administrator approves it under Approvals or in the deposit review.`,
      ),
    onError: (err) => setMemberError(errorMessage(err, t`The line could not be assigned.`)),
  });
  const dismiss = trpc.statement.dismiss.useMutation({
    onSuccess: () => done(t`Line set aside`, t`The line of ${amount} is set aside.`),
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Not set aside`,
        description: errorMessage(err, t`The line could not be set aside.`),
      }),
  });

  const submitAssign = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = member.trim();
    if (!wanted) {
      setMemberError(t`Enter the member's email or id.`);
      return;
    }
    setMemberError(null);
    let userId = UUID.test(wanted) ? wanted : null;
    if (!userId) {
      setFinding(true);
      try {
        const found = await utils.user.list.fetch({ search: wanted, limit: 10 });
        userId = found.items.find((u) => u.email.toLowerCase() === wanted.toLowerCase())?.id ?? null;
      } catch (err) {
        setMemberError(errorMessage(err, t`Members could not be searched.`));
        return;
      } finally {
        setFinding(false);
      }
      if (!userId) {
        setMemberError(t`No member has the email ${wanted}.`);
        return;
      }
    }
    assign.mutate({ lineId: line.id, userId });
  };

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" pt="2">
      <form onSubmit={(e) => void submitAssign(e)} noValidate>
        <Stack gap="2">
          <Field label={t`Assign to member (email or id)`} invalid={memberError !== null} errorText={memberError}>
            <Input value={member} onChange={(e) => setMember(e.currentTarget.value)} autoComplete="off" />
          </Field>
          <Button type="submit" size="sm" colorPalette="teal" alignSelf="start" loading={finding || assign.isPending}>
            <Trans>Assign</Trans>
          </Button>
        </Stack>
      </form>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          dismiss.mutate({ lineId: line.id, reason });
        }}
        noValidate
      >
        <Stack gap="2">
          <Field label={t`Reason to set it aside`} helperText={t`e.g. returned to sender, not ours, bank fee`}>
            <Input value={reason} onChange={(e) => setReason(e.currentTarget.value)} autoComplete="off" />
          </Field>
          <Button
            type="submit"
            size="sm"
            variant="outline"
            alignSelf="start"
            disabled={reason.trim() === ''}
            loading={dismiss.isPending}
          >
            <Trans>Set aside</Trans>
          </Button>
        </Stack>
      </form>
    </SimpleGrid>
  );
}

/** The lines of one statement (or of all), by status: amount, reference, reason; exceptions can be resolved. */
export function StatementLines({ statementId }: { statementId: string | null }) {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<TStatementLineStatus | typeof ALL>(ALL);
  const [open, setOpen] = useState<string | null>(null);
  const lines = trpc.statement.lines.useQuery({
    statementId: statementId ?? undefined,
    status: status === ALL ? undefined : status,
  });
  const state = listState(
    { ...lines, items: lines.data ?? [] },
    {
      loading: t`Loading the lines...`,
      errorTitle: t`The lines could not be loaded`,
      empty: <EmptyState title={t`No lines`} description={t`No statement line has this status.`} />,
      minH: '10rem',
    },
  );
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="lg">
            {statementId ? <Trans>Lines of the chosen statement</Trans> : <Trans>Lines of every statement</Trans>}
          </Heading>
          <Field label={t`Line status`} w={{ base: 'full', sm: '16rem' }}>
            <OptionSelect
              options={STATUS_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as typeof status)}
            />
          </Field>
        </HStack>
      </Card.Header>
      <Card.Body>
        {state ?? (
          <ScrollingTable label={t`Statement lines table`}>
            <Table.Root size="sm" minW="48rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Date</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Amount</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Reference</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Status</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Reason</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Action</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {(lines.data ?? []).map((l) => (
                  <LineRows
                    key={l.id}
                    line={l}
                    open={open === l.id}
                    onToggle={() => setOpen(open === l.id ? null : l.id)}
                    onDone={() => setOpen(null)}
                  />
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollingTable>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function LineRows({
  line,
  open,
  onToggle,
  onDone,
}: {
  line: TStatementLine;
  open: boolean;
  onToggle: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const shown = LINE_STATUS[line.status];
  const amount = formatSignedMoney(line.amount);
  const date = formatDate(line.bookingDate);
  return (
    <>
      <Table.Row>
        <Table.Cell whiteSpace="nowrap">{formatDate(line.bookingDate)}</Table.Cell>
        <Table.Cell textAlign="end" whiteSpace="nowrap">
          {formatSignedMoney(line.amount)}
          {line.currency !== 'USD' ? ` ${line.currency}` : ''}
        </Table.Cell>
        <Table.Cell>
          <Text fontSize="sm" wordBreak="break-all">
            {line.reference ?? line.description ?? ''}
          </Text>
          {line.counterpartyName ? (
            <Text fontSize="xs" color="fg.muted">
              {line.counterpartyName}
            </Text>
          ) : null}
        </Table.Cell>
        <Table.Cell>
          <Badge colorPalette={shown.palette} variant="subtle" whiteSpace="nowrap">
            {i18n._(shown.label)}
          </Badge>
        </Table.Cell>
        <Table.Cell>
          {/* Wraps: a long reason is read whole on a phone (scrolled into view, never wider than the screen). */}
          <Text fontSize="sm" minW="12rem" maxW="18rem">
            {line.matchKind === 'fee' && line.status === 'matched'
              ? t`The bank's fee: booked when the statement is approved`
              : line.matchKind === 'fee' && line.status === 'applied'
                ? t`Booked as the bank's fee`
                : statementReason(line.reason)}
          </Text>
        </Table.Cell>
        <Table.Cell>
          {line.status === 'exception' ? (
            <Button
              size="xs"
              variant="outline"
              aria-expanded={open}
              aria-label={
                open ? t`Close the line of ${amount} on ${date}` : t`Resolve the line of ${amount} on ${date}`
              }
              onClick={onToggle}
            >
              {open ? <Trans>Close</Trans> : <Trans>Resolve</Trans>}
            </Button>
          ) : null}
        </Table.Cell>
      </Table.Row>
      {open ? (
        <Table.Row>
          <Table.Cell colSpan={6}>
            <ResolveLine line={line} onDone={onDone} />
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}
