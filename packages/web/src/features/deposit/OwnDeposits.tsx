import { Table } from '@chakra-ui/react';
import { formatDateTime, formatMoney } from '../../lib/format';
import { EmptyWithLink } from '../money/components/EmptyWithLink';
import { PAGE_SIZE, useDepositPages } from '../money/money-hooks';
import { DepositStatusBadge } from '../money/components/StatusBadge';
import { DepositTimeline } from '../money/components/MoneyTimeline';
import { ExpandableRow } from '../money/components/ExpandableRow';
import { PagedTable } from '../money/components/PagedTable';
import { StackedCell, Time } from '../money/components/StackedCell';

/** The user's deposits with status and timeline. */
export function OwnDeposits({ userId }: { userId: string | undefined }) {
  const deposits = useDepositPages({ limit: PAGE_SIZE, userId });

  return (
    <PagedTable
      list={deposits}
      loadingLabel="Loading your deposits..."
      errorTitle="Your deposits could not be loaded"
      empty={
        <EmptyWithLink
          title="No deposits yet"
          description="When you send a transfer, report it on the Deposit page; it is credited once our team confirms it."
          to="/dashboard/deposit"
          label="Go to Deposit"
        />
      }
      minW="28rem"
      toggleHeader="Timeline"
      headers={
        <>
          <Table.ColumnHeader>Amount</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Transfer reference</Table.ColumnHeader>
        </>
      }
      noun={['deposit', 'deposits']}
      row={(d, disclosure) => (
        <ExpandableRow
          key={d.id}
          {...disclosure}
          label={`timeline of the deposit of ${formatMoney(d.amount)}`}
          colSpan={4}
          details={() => <DepositTimeline record={d} audience="owner" />}
        >
          <StackedCell primary={formatMoney(d.amount)} secondary={<Time iso={d.createdAt} format={formatDateTime} />} />
          <Table.Cell>
            <DepositStatusBadge status={d.status} />
          </Table.Cell>
          <Table.Cell maxW="16rem" truncate title={d.reference}>
            {d.reference}
          </Table.Cell>
        </ExpandableRow>
      )}
    />
  );
}
