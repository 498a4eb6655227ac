import { Link as RouterLink } from 'react-router-dom';
import { Badge, Flex, Link, Stack, Table, Text } from '@chakra-ui/react';
import type { TLedgerEntry } from '@vestora/contract';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { EmptyWithLink } from '../../components/table/EmptyWithLink';
import {
  LEDGER_KIND_LABELS,
  LEDGER_REF_TYPE_LABELS,
  WITHDRAWAL_METHOD_LABELS,
  WITHDRAWAL_PAYMENT_LABEL,
  formatSignedMoney,
  ledgerReference,
} from '../../lib/money-labels';
import { trpc } from '../../lib/trpc';
import { INVESTMENT_STATUS } from '../investment/invest-rules';
import { PAGE_SIZE, useLedgerPages, useReferencedRecord } from '../../lib/money-hooks';
import { DepositItemStatusBadge, WithdrawalStatusBadge } from '../../components/money/StatusBadge';
import { formatBtc } from '../../lib/bitcoin';
import { DepositTimeline, WithdrawalTimeline } from '../../components/money/MoneyTimeline';
import { ExpandableRow } from '../../components/table/ExpandableRow';
import { PagedTable } from '../../components/table/PagedTable';
import { StackedCell, Time } from '../../components/table/StackedCell';

const SignedAmount = ({ amount }: { amount: number }) => (
  <Text as="span" color={amount >= 0 ? 'fg.success' : 'fg.error'} fontWeight="semibold" whiteSpace="nowrap">
    {formatSignedMoney(amount)}
  </Text>
);

const shortId = (id: string) => id.slice(0, 8);

/** The user's ledger, newest first, each entry expandable to what caused it. */
export function LedgerHistory({ userId }: { userId: string | undefined }) {
  const ledger = useLedgerPages({ limit: PAGE_SIZE, userId });

  return (
    <PagedTable
      list={ledger}
      loadingLabel="Loading your history..."
      errorTitle="Your history could not be loaded"
      empty={
        <EmptyWithLink
          title="No balance changes yet"
          description="Confirmed deposits, withdrawal requests and adjustments by our team will be listed here."
          to="/dashboard/deposit"
          label="Make a deposit"
        />
      }
      before={
        <Text fontSize="sm" color="fg.muted">
          Newest first. Each entry shows the balance right after it; open an entry to see what caused it.
        </Text>
      }
      minW="34rem"
      toggleHeader="Details"
      headers={
        <>
          <Table.ColumnHeader>Entry</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Balance after</Table.ColumnHeader>
          <Table.ColumnHeader>Reference</Table.ColumnHeader>
        </>
      }
      row={(e, disclosure) => (
        <ExpandableRow
          key={e.id}
          {...disclosure}
          label={`details of the ${LEDGER_KIND_LABELS[e.kind].toLowerCase()} of ${formatSignedMoney(e.amount)} on ${formatDateTime(e.createdAt)}`}
          colSpan={5}
          details={() => <LedgerEntryDetails entry={e} userId={userId} />}
        >
          <StackedCell
            primary={LEDGER_KIND_LABELS[e.kind]}
            secondary={
              <>
                <Time iso={e.createdAt} format={formatDateTime} />
                {e.kind === 'withdrawal_hold' && e.withdrawalPaidAt ? (
                  <Flex as="span" gap="1" align="center" wrap="wrap" mt="1">
                    <Badge colorPalette="green" variant="subtle">
                      {WITHDRAWAL_PAYMENT_LABEL}
                    </Badge>
                    <Text as="span" fontSize="xs">
                      paid out {formatDateTime(e.withdrawalPaidAt)}
                    </Text>
                  </Flex>
                ) : null}
              </>
            }
          />
          <Table.Cell textAlign="end">
            <SignedAmount amount={e.amount} />
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {formatMoney(e.balanceAfter)}
          </Table.Cell>
          <Table.Cell color="fg.muted" maxW="16rem" truncate title={e.memo ?? undefined}>
            {ledgerReference(e)}
          </Table.Cell>
        </ExpandableRow>
      )}
    />
  );
}

/** The line under every entry's details: its id, time, amount and the balance after it. */
function Recorded({ entry }: { entry: TLedgerEntry }) {
  return (
    <Text fontSize="xs" color="fg.muted">
      Entry {shortId(entry.id)} recorded {formatDateTime(entry.createdAt)}: {formatSignedMoney(entry.amount)}, balance
      after {formatMoney(entry.balanceAfter)}.
    </Text>
  );
}

/**
 * What caused one ledger entry: the deposit or withdrawal with its timeline, the investment with its plan and
 * periods, the referral it rewards, or the adjustment's reason. Every kind opens something.
 */
function LedgerEntryDetails({ entry, userId }: { entry: TLedgerEntry; userId: string | undefined }) {
  if (entry.refType === 'investment') return <InvestmentEntryDetails entry={entry} />;
  if (entry.refType === 'referral') {
    return (
      <Stack gap="2">
        <Text fontWeight="semibold">{LEDGER_KIND_LABELS[entry.kind]}</Text>
        <Text>{entry.memo ?? 'A reward for a friend you invited.'}</Text>
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink to="/dashboard/referral">See your referrals</RouterLink>
        </Link>
        <Recorded entry={entry} />
      </Stack>
    );
  }
  return <FlowEntryDetails entry={entry} userId={userId} />;
}

/** An investment's entry (invested, interest, principal returned): the position, its plan and the period. */
function InvestmentEntryDetails({ entry }: { entry: TLedgerEntry }) {
  const position = trpc.investment.get.useQuery({ id: entry.refId }, { staleTime: 30_000 });
  if (position.isPending) return <PageLoader label="Loading the investment..." minH="6rem" />;
  if (position.isError) {
    return (
      <ErrorState
        title="The investment could not be loaded"
        description={errorMessage(position.error)}
        onRetry={() => void position.refetch()}
        retrying={position.isRefetching}
      />
    );
  }
  const p = position.data;
  const what =
    entry.kind === 'investment'
      ? `This entry moved ${formatMoney(p.amount)} from your balance into the position.`
      : entry.kind === 'principal_return'
        ? `This entry returned the principal of ${formatMoney(p.amount)} to your balance.`
        : entry.memo
          ? `${entry.memo}.`
          : 'Interest paid by the position.';
  return (
    <Stack gap="2">
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold">
          {p.planName} investment of {formatMoney(p.amount)}
        </Text>
        <Badge variant="subtle" colorPalette={INVESTMENT_STATUS[p.status].palette}>
          {INVESTMENT_STATUS[p.status].label}
        </Badge>
      </Flex>
      <Text fontSize="sm">{what}</Text>
      <Text fontSize="sm">
        {p.paidPeriods} of {p.totalPeriods} payouts made, {formatMoney(p.interestPaid)} of{' '}
        {formatMoney(p.totalInterest)} interest paid so far.
      </Text>
      <Link asChild colorPalette="blue" fontSize="sm">
        <RouterLink to={`/dashboard/investments/${p.id}`}>Open the {p.planName} investment</RouterLink>
      </Link>
      <Recorded entry={entry} />
    </Stack>
  );
}

/** A deposit's or withdrawal's entry, or an adjustment's. */
function FlowEntryDetails({ entry, userId }: { entry: TLedgerEntry; userId: string | undefined }) {
  const ref = useReferencedRecord(entry, { userId, enabled: true });
  const recorded = <Recorded entry={entry} />;
  const refName = LEDGER_REF_TYPE_LABELS[entry.refType].toLowerCase();

  if (entry.refType === 'adjustment') {
    return (
      <Stack gap="2">
        <Text fontWeight="semibold">Balance adjusted by our team</Text>
        <Text>{entry.memo ? `Reason: ${entry.memo}` : 'No reason was recorded for this adjustment.'}</Text>
        {recorded}
      </Stack>
    );
  }
  if (ref.isPending) return <PageLoader label={`Loading the ${refName}...`} minH="6rem" />;
  if (ref.isError) {
    return (
      <ErrorState
        title={`The ${refName} could not be loaded`}
        description={errorMessage(ref.error)}
        onRetry={() => void ref.refetch()}
        retrying={ref.isRefetching}
      />
    );
  }
  if (!ref.data) {
    return (
      <Stack gap="2">
        <Text>
          The {refName} this entry belongs to (#{shortId(entry.refId)}) is not in your list.
        </Text>
        {recorded}
      </Stack>
    );
  }

  if (ref.data.type === 'deposit') {
    const d = ref.data.record;
    return (
      <Stack gap="3">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold">
            {d.method === 'bitcoin' ? `Bitcoin deposit of ${formatBtc(d.sats)}` : `Deposit of ${formatMoney(d.amount)}`}
          </Text>
          <DepositItemStatusBadge deposit={d} />
        </Flex>
        <DepositTimeline record={d} audience="owner" />
        {recorded}
      </Stack>
    );
  }
  const w = ref.data.record;
  return (
    <Stack gap="3">
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold">
          Withdrawal of {formatMoney(w.amount)} by {WITHDRAWAL_METHOD_LABELS[w.method]}
        </Text>
        <WithdrawalStatusBadge status={w.status} />
      </Flex>
      {entry.kind === 'withdrawal_release' ? (
        <Text fontSize="sm">
          This entry returned the held amount because the request was{' '}
          {w.status === 'cancelled' ? 'cancelled' : 'rejected'}.
        </Text>
      ) : entry.kind === 'withdrawal_hold' ? (
        <Text fontSize="sm">
          This entry put the requested amount on hold when the withdrawal was requested.
          {w.status === 'paid' && w.reviewedAt
            ? ` The withdrawal was paid out ${formatDateTime(w.reviewedAt)}: the held amount went to you.`
            : ''}
        </Text>
      ) : null}
      <WithdrawalTimeline record={w} audience="owner" />
      {recorded}
    </Stack>
  );
}
