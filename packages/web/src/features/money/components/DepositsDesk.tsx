import { useState } from 'react';
import { Box, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { ZDepositReviewInput, type TDeposit } from '@vestora/contract';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { toaster } from '../../../components/ui/toaster';
import { EmptyState, ErrorState, PageLoader } from '../../../components/ui/states';
import { DEPOSIT_STATUS } from '../money-labels';
import { PAGE_SIZE, staleReviewTitle, useDepositPages, useInvalidateMoney, useUserDirectory } from '../money-hooks';
import { ALL, FilterBar, SelectFilter, UserFilter } from './Filters';
import { DepositStatusBadge } from './StatusBadge';
import { DepositTimeline } from './MoneyTimeline';
import { ExpandableRow, toggleInSet } from './ExpandableRow';
import { LoadMore } from './LoadMore';
import { StackedCell, Time } from './StackedCell';
import { ReviewDialog } from './ReviewDialog';
import { ReviewSummary, ReviewedBy } from './ReviewSummary';

type StatusFilter = TDeposit['status'] | typeof ALL;
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  ...(Object.keys(DEPOSIT_STATUS) as TDeposit['status'][]).map((s) => ({ value: s, label: DEPOSIT_STATUS[s].label })),
  { value: ALL, label: 'All statuses' },
];

type Decision = 'confirm' | 'reject';

/** Money desk tab: reported transfers to confirm (credits the balance once) or reject (with a reason). */
export function DepositsDesk() {
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [userId, setUserId] = useState<string>(ALL);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<{ deposit: TDeposit; decision: Decision } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const directory = useUserDirectory();
  const invalidate = useInvalidateMoney();

  const deposits = useDepositPages({
    limit: PAGE_SIZE,
    status: status === ALL ? undefined : status,
    userId: userId === ALL ? undefined : userId,
  });

  const review = trpc.deposit.review.useMutation({
    onSuccess: (d) => {
      setTarget(null);
      toaster.create(
        d.status === 'confirmed'
          ? {
              type: 'success',
              title: 'Deposit confirmed',
              description: `${formatMoney(d.amount)} was credited to ${d.userEmail}.`,
            }
          : { type: 'success', title: 'Deposit rejected', description: `Nothing was credited to ${d.userEmail}.` },
      );
      void invalidate();
    },
    onError: (err) => {
      const stale = staleReviewTitle(err);
      if (stale) {
        setTarget(null);
        toaster.create({
          type: 'warning',
          title: stale,
          description: `${errorMessage(err)} The list has been refreshed.`,
          duration: 8_000,
        });
        void invalidate();
        return;
      }
      setDialogError(errorMessage(err, 'The deposit could not be reviewed. Please try again.'));
    },
  });

  const openDialog = (deposit: TDeposit, decision: Decision) => {
    setDialogError(null);
    setTarget({ deposit, decision });
  };

  const items = deposits.items;
  const t = target?.deposit;

  return (
    <Stack gap="4">
      <FilterBar>
        <SelectFilter label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
        <UserFilter
          value={userId}
          onChange={setUserId}
          users={directory.sorted}
          loading={directory.isPending}
          failed={directory.isError}
        />
      </FilterBar>

      {deposits.isPending ? (
        <PageLoader label="Loading deposits..." minH="20vh" />
      ) : deposits.isError ? (
        <ErrorState
          title="Deposits could not be loaded"
          description={errorMessage(deposits.error)}
          onRetry={() => void deposits.refetch()}
          retrying={deposits.isRefetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          title={status === 'pending' ? 'No deposits waiting for review' : 'No deposits match these filters'}
          description={status === 'pending' ? 'New transfer reports will appear here.' : 'Try another status or user.'}
        />
      ) : (
        <Stack gap="2">
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" minW="46rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="1">
                    <Box srOnly>Timeline</Box>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>User</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>Transfer reference</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Review</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((d) => {
                  const reviewer = d.reviewedBy ? (directory.byId.get(d.reviewedBy)?.email ?? null) : null;
                  return (
                    <ExpandableRow
                      key={d.id}
                      open={open.has(d.id)}
                      onToggle={() => setOpen((s) => toggleInSet(s, d.id))}
                      label={`timeline of the deposit of ${formatMoney(d.amount)} from ${d.userEmail}`}
                      colSpan={6}
                      details={() => (
                        <Stack gap="3">
                          <DepositTimeline record={d} audience="admin" reviewerName={reviewer} />
                          {/* Also here: on a phone the Review column is off screen. */}
                          {d.status === 'pending' ? (
                            <DepositActions deposit={d} onReview={openDialog} size="sm" />
                          ) : null}
                        </Stack>
                      )}
                    >
                      <StackedCell
                        primary={d.userEmail}
                        title={d.userEmail}
                        secondary={<Time iso={d.createdAt} format={formatDateTime} />}
                      />
                      <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
                        {formatMoney(d.amount)}
                      </Table.Cell>
                      <Table.Cell maxW="12rem" truncate title={d.reference}>
                        {d.reference}
                      </Table.Cell>
                      <Table.Cell>
                        <DepositStatusBadge status={d.status} />
                      </Table.Cell>
                      <Table.Cell>
                        {d.status === 'pending' ? (
                          <DepositActions deposit={d} onReview={openDialog} />
                        ) : (
                          <ReviewedBy name={reviewer} at={d.reviewedAt} note={d.reason} />
                        )}
                      </Table.Cell>
                    </ExpandableRow>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <LoadMore
            shown={items.length}
            hasMore={deposits.hasNextPage}
            loading={deposits.isFetchingNextPage}
            onLoadMore={() => void deposits.fetchNextPage()}
            noun={['deposit', 'deposits']}
          />
        </Stack>
      )}

      <ReviewDialog
        open={target !== null}
        title={target?.decision === 'reject' ? 'Reject this deposit?' : 'Confirm this deposit?'}
        confirmLabel={target?.decision === 'reject' ? 'Reject deposit' : 'Confirm and credit'}
        palette={target?.decision === 'reject' ? 'red' : 'teal'}
        field={
          target?.decision === 'reject'
            ? {
                label: 'Reason',
                multiline: true,
                required: true,
                maxLength: 500,
                placeholder: 'e.g. No transfer with this reference arrived',
                helperText: 'The user sees this reason in their transaction history.',
              }
            : undefined
        }
        validate={(reason) => {
          if (!t) return null;
          const r = ZDepositReviewInput.safeParse({ id: t.id, decision: 'reject', reason });
          return r.success ? null : (r.error.issues[0]?.message ?? 'Check the reason.');
        }}
        busy={review.isPending}
        serverError={dialogError}
        onSubmit={(reason) => {
          if (!target) return;
          setDialogError(null);
          review.mutate(
            target.decision === 'reject'
              ? { id: target.deposit.id, decision: 'reject', reason }
              : { id: target.deposit.id, decision: 'confirm' },
          );
        }}
        onClose={() => setTarget(null)}
      >
        {t ? (
          <Stack gap="3">
            <ReviewSummary
              rows={[
                ['User', t.userEmail],
                ['Amount', formatMoney(t.amount)],
                ['Transfer reference', t.reference],
                ['Reported', formatDateTime(t.createdAt)],
              ]}
            />
            <Text>
              {target?.decision === 'reject'
                ? 'Nothing will be credited. Check that the transfer really did not arrive before rejecting.'
                : `${formatMoney(t.amount)} will be credited to ${t.userEmail}'s balance. Confirm only after the transfer has arrived in the bank account.`}
            </Text>
          </Stack>
        ) : null}
      </ReviewDialog>
    </Stack>
  );
}

function DepositActions({
  deposit,
  onReview,
  size = 'xs',
}: {
  deposit: TDeposit;
  onReview: (deposit: TDeposit, decision: Decision) => void;
  size?: 'xs' | 'sm';
}) {
  return (
    <Flex gap="2">
      <Button
        size={size}
        colorPalette="teal"
        onClick={() => onReview(deposit, 'confirm')}
        aria-label={`Confirm the deposit of ${formatMoney(deposit.amount)} from ${deposit.userEmail}`}
      >
        Confirm
      </Button>
      <Button
        size={size}
        colorPalette="red"
        variant="outline"
        onClick={() => onReview(deposit, 'reject')}
        aria-label={`Reject the deposit of ${formatMoney(deposit.amount)} from ${deposit.userEmail}`}
      >
        Reject
      </Button>
    </Flex>
  );
}
