import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Table } from '@chakra-ui/react';
import { type TInvestment, formatRateBps } from '@vestora/contract';
import { EmptyState, listState } from '../../components/ui/states';
import { formatDate, formatMoney } from '../../lib/format';
import { PAGE_SIZE } from '../../lib/money-hooks';
import { ALL, DeskFilters, statusFilterOptions } from '../../components/table/Filters';
import { LoadMoreOf } from '../../components/table/LoadMore';
import { StackedCell } from '../../components/table/StackedCell';
import { InvestmentStatusBadge } from './MyInvestments';
import { useInvestmentPages } from './investment-hooks';
import { INVESTMENT_STATUS } from './invest-rules';

type StatusFilter = TInvestment['status'] | typeof ALL;
const STATUS_OPTIONS = statusFilterOptions(INVESTMENT_STATUS);

/** Money desk tab: every position, filtered by status and user, newest first. */
export function InvestmentsDesk() {
  const [status, setStatus] = useState<StatusFilter>(ALL);
  const [userId, setUserId] = useState<string>(ALL);
  const list = useInvestmentPages({
    limit: PAGE_SIZE,
    status: status === ALL ? undefined : status,
    userId: userId === ALL ? undefined : userId,
  });

  const body = listState(list, {
    loading: 'Loading investments...',
    minH: '20vh',
    errorTitle: 'Could not load the investments',
    empty: <EmptyState title="No investments match" description="Change the filters, or wait for the first one." />,
  }) ?? (
    <Stack gap="2">
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="white">
        <Table.Root size="sm" minW="56rem">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>User</Table.ColumnHeader>
              <Table.ColumnHeader>Plan</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Principal</Table.ColumnHeader>
              <Table.ColumnHeader>Dates</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Interest paid</Table.ColumnHeader>
              <Table.ColumnHeader>Payouts</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.items.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{p.userEmail}</Table.Cell>
                <StackedCell
                  primary={
                    <Link asChild color="teal.700">
                      <RouterLink to={`/dashboard/investments/${p.id}`}>{p.planName}</RouterLink>
                    </Link>
                  }
                  secondary={`${formatRateBps(p.annualRateBps)} a year`}
                />
                <Table.Cell textAlign="end">{formatMoney(p.amount)}</Table.Cell>
                <StackedCell primary={formatDate(p.startedAt)} secondary={`to ${formatDate(p.maturityAt)}`} />
                <Table.Cell textAlign="end">{formatMoney(p.interestPaid)}</Table.Cell>
                <Table.Cell>
                  {p.paidPeriods} / {p.totalPeriods}
                </Table.Cell>
                <Table.Cell>
                  <InvestmentStatusBadge status={p.status} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <LoadMoreOf list={list} noun={['investment', 'investments']} />
    </Stack>
  );

  return (
    <Stack gap="4" pt="2">
      <DeskFilters
        select={{ label: 'Status', value: status, options: STATUS_OPTIONS, onChange: setStatus }}
        userId={userId}
        onUserChange={setUserId}
      />
      {body}
    </Stack>
  );
}
