import { Link as RouterLink } from 'react-router-dom';
import { Badge, Flex, Link, Table, Text } from '@chakra-ui/react';
import { formatDateTime, formatMoney } from '../../lib/format';
import { EmptyWithLink } from '../money/components/EmptyWithLink';
import { WITHDRAWAL_METHOD_LABELS } from '../money/money-labels';
import { PAGE_SIZE, useWithdrawalPages } from '../money/money-hooks';
import { WithdrawalStatusBadge } from '../money/components/StatusBadge';
import { WithdrawalTimeline } from '../money/components/MoneyTimeline';
import { ExpandableRow } from '../money/components/ExpandableRow';
import { PagedTable } from '../money/components/PagedTable';
import { StackedCell, Time } from '../money/components/StackedCell';

/** The user's withdrawals with status, payout reference and timeline. */
export function OwnWithdrawals({ userId }: { userId: string | undefined }) {
  const withdrawals = useWithdrawalPages({ limit: PAGE_SIZE, userId });

  const hasPending = withdrawals.items.some((w) => w.status === 'pending');
  return (
    <PagedTable
      list={withdrawals}
      loadingLabel="Loading your withdrawals..."
      errorTitle="Your withdrawals could not be loaded"
      empty={
        <EmptyWithLink
          title="No withdrawals yet"
          description="Request a payout on the Cashout page; the amount is held at once and paid after review."
          to="/dashboard/cashout"
          label="Go to Cashout"
        />
      }
      before={
        hasPending ? (
          <Text fontSize="sm" color="fg.muted">
            A pending request can be cancelled on the{' '}
            <Link asChild colorPalette="teal" variant="underline">
              <RouterLink to="/dashboard/cashout">Cashout page</RouterLink>
            </Link>
            ; the held amount then returns to your balance.
          </Text>
        ) : null
      }
      minW="30rem"
      toggleHeader="Timeline"
      headers={
        <>
          <Table.ColumnHeader>Amount</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Pay to</Table.ColumnHeader>
        </>
      }
      noun={['withdrawal', 'withdrawals']}
      row={(w, disclosure) => (
        <ExpandableRow
          key={w.id}
          {...disclosure}
          label={`timeline of the withdrawal of ${formatMoney(w.amount)}`}
          colSpan={4}
          details={() => <WithdrawalTimeline record={w} audience="owner" />}
        >
          <StackedCell primary={formatMoney(w.amount)} secondary={<Time iso={w.createdAt} format={formatDateTime} />} />
          <Table.Cell>
            <Flex gap="1" align="center" wrap="wrap">
              <WithdrawalStatusBadge status={w.status} />
              {w.payoutReference ? (
                <Badge variant="outline" title="Payout reference">
                  {w.payoutReference}
                </Badge>
              ) : null}
            </Flex>
          </Table.Cell>
          <StackedCell primary={WITHDRAWAL_METHOD_LABELS[w.method]} secondary={w.details} title={w.details} />
        </ExpandableRow>
      )}
    />
  );
}
