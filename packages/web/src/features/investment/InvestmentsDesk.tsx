import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Table } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TInvestment } from '@vestora/contract';
import { EmptyState, listState } from '../../components/ui/states';
import { formatDate, formatMoney } from '../../lib/format';
import { PAGE_SIZE } from '../../lib/money-hooks';
import { ALL, DeskFilters, statusFilterOptions } from '../../components/table/Filters';
import { LoadMoreOf } from '../../components/table/LoadMore';
import { StackedCell } from '../../components/table/StackedCell';
import { InvestmentStatusBadge } from './MyInvestments';
import { useInvestmentPages } from './investment-hooks';
import { INVESTMENT_STATUS, formatRate } from './invest-rules';

type StatusFilter = TInvestment['status'] | typeof ALL;

/** Money desk tab: every position, filtered by status and user, newest first. */
export function InvestmentsDesk() {
  const { t } = useLingui();
  // Built while rendering: the status words are in the language shown.
  const statusOptions = statusFilterOptions(INVESTMENT_STATUS);
  const [status, setStatus] = useState<StatusFilter>(ALL);
  const [userId, setUserId] = useState<string>(ALL);
  const list = useInvestmentPages({
    limit: PAGE_SIZE,
    status: status === ALL ? undefined : status,
    userId: userId === ALL ? undefined : userId,
  });

  const body = listState(list, {
    loading: t`Loading investments...`,
    minH: '20vh',
    errorTitle: t`Could not load the investments`,
    empty: (
      <EmptyState title={t`No investments match`} description={t`Change the filters, or wait for the first one.`} />
    ),
  }) ?? (
    <Stack gap="2">
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
        <Table.Root size="sm" minW="56rem">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>User</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Plan</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Principal</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Dates</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Interest paid</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Payouts</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Status</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.items.map((p) => {
              const rate = formatRate(p.annualRateBps);
              const maturity = formatDate(p.maturityAt);
              const paid = p.paidPeriods;
              const total = p.totalPeriods;
              return (
                <Table.Row key={p.id}>
                  <Table.Cell>{p.userEmail}</Table.Cell>
                  <StackedCell
                    primary={
                      <Link asChild color="teal.fg">
                        <RouterLink to={`/dashboard/investments/${p.id}`}>{p.planName}</RouterLink>
                      </Link>
                    }
                    secondary={t`${rate} a year`}
                  />
                  <Table.Cell textAlign="end">{formatMoney(p.amount)}</Table.Cell>
                  <StackedCell primary={formatDate(p.startedAt)} secondary={t`to ${maturity}`} />
                  <Table.Cell textAlign="end">{formatMoney(p.interestPaid)}</Table.Cell>
                  <Table.Cell>
                    <Trans>
                      {paid} / {total}
                    </Trans>
                  </Table.Cell>
                  <Table.Cell>
                    <InvestmentStatusBadge status={p.status} />
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <LoadMoreOf list={list} noun="investment" />
    </Stack>
  );

  return (
    <Stack gap="4" pt="2">
      <DeskFilters
        select={{ label: t`Status`, value: status, options: statusOptions, onChange: setStatus }}
        userId={userId}
        onUserChange={setUserId}
      />
      {body}
    </Stack>
  );
}
