import { useState } from 'react';
import { Box, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { ZWithdrawalReviewInput, type TWithdrawal } from '@vestora/contract';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { toaster } from '../../../components/ui/toaster';
import { EmptyState, ErrorState, PageLoader } from '../../../components/ui/states';
import { WITHDRAWAL_METHOD_LABELS, WITHDRAWAL_STATUS } from '../money-labels';
import { PAGE_SIZE, staleReviewTitle, useInvalidateMoney, useUserDirectory, useWithdrawalPages } from '../money-hooks';
import { ALL, FilterBar, SelectFilter, UserFilter } from './Filters';
import { WithdrawalStatusBadge } from './StatusBadge';
import { WithdrawalTimeline } from './MoneyTimeline';
import { ExpandableRow, toggleInSet } from './ExpandableRow';
import { LoadMore } from './LoadMore';
import { StackedCell, Time } from './StackedCell';
import { ReviewDialog } from './ReviewDialog';
import { ReviewSummary, ReviewedBy } from './ReviewSummary';

type StatusFilter = TWithdrawal['status'] | typeof ALL;
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  ...(Object.keys(WITHDRAWAL_STATUS) as TWithdrawal['status'][]).map((s) => ({
    value: s,
    label: WITHDRAWAL_STATUS[s].label,
  })),
  { value: ALL, label: 'All statuses' },
];

type Decision = 'approve' | 'reject';

/** The first message the shared contract schema gives for a review, or null when it is valid. */
function reviewInputError(input: { id: string; decision: Decision; reason?: string; payoutReference?: string }) {
  const r = ZWithdrawalReviewInput.safeParse(input);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Check the value.');
}

/** Money desk tab: held withdrawals to approve (marked paid) or reject (funds return, reason required). */
export function WithdrawalsDesk() {
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [userId, setUserId] = useState<string>(ALL);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<{ withdrawal: TWithdrawal; decision: Decision } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const directory = useUserDirectory();
  const invalidate = useInvalidateMoney();

  const withdrawals = useWithdrawalPages({
    limit: PAGE_SIZE,
    status: status === ALL ? undefined : status,
    userId: userId === ALL ? undefined : userId,
  });

  const review = trpc.withdrawal.review.useMutation({
    onSuccess: (w) => {
      setTarget(null);
      toaster.create(
        w.status === 'paid'
          ? {
              type: 'success',
              title: 'Withdrawal approved',
              description: `${formatMoney(w.amount)} to ${w.userEmail} is marked as paid${w.payoutReference ? ` (reference ${w.payoutReference})` : ''}.`,
            }
          : {
              type: 'success',
              title: 'Withdrawal rejected',
              description: `${formatMoney(w.amount)} was returned to ${w.userEmail}'s balance.`,
            },
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
      setDialogError(errorMessage(err, 'The withdrawal could not be reviewed. Please try again.'));
    },
  });

  const openDialog = (withdrawal: TWithdrawal, decision: Decision) => {
    setDialogError(null);
    setTarget({ withdrawal, decision });
  };

  const items = withdrawals.items;
  const t = target?.withdrawal;
  const rejecting = target?.decision === 'reject';

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

      {withdrawals.isPending ? (
        <PageLoader label="Loading withdrawals..." minH="20vh" />
      ) : withdrawals.isError ? (
        <ErrorState
          title="Withdrawals could not be loaded"
          description={errorMessage(withdrawals.error)}
          onRetry={() => void withdrawals.refetch()}
          retrying={withdrawals.isRefetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          title={status === 'pending' ? 'No withdrawals waiting for review' : 'No withdrawals match these filters'}
          description={
            status === 'pending' ? 'New withdrawal requests will appear here.' : 'Try another status or user.'
          }
        />
      ) : (
        <Stack gap="2">
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" minW="50rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="1">
                    <Box srOnly>Timeline</Box>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>User</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>Pay to</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Review</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((w) => {
                  const reviewer = w.reviewedBy ? (directory.byId.get(w.reviewedBy)?.email ?? null) : null;
                  return (
                    <ExpandableRow
                      key={w.id}
                      open={open.has(w.id)}
                      onToggle={() => setOpen((s) => toggleInSet(s, w.id))}
                      label={`timeline of the withdrawal of ${formatMoney(w.amount)} by ${w.userEmail}`}
                      colSpan={6}
                      details={() => (
                        <Stack gap="3">
                          <WithdrawalTimeline record={w} audience="admin" reviewerName={reviewer} />
                          {/* Also here: on a phone the Review column is off screen. */}
                          {w.status === 'pending' ? (
                            <WithdrawalActions withdrawal={w} onReview={openDialog} size="sm" />
                          ) : null}
                        </Stack>
                      )}
                    >
                      <StackedCell
                        primary={w.userEmail}
                        title={w.userEmail}
                        secondary={<Time iso={w.createdAt} format={formatDateTime} />}
                      />
                      <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
                        {formatMoney(w.amount)}
                      </Table.Cell>
                      <StackedCell
                        primary={WITHDRAWAL_METHOD_LABELS[w.method]}
                        secondary={w.details}
                        title={w.details}
                      />
                      <Table.Cell>
                        <WithdrawalStatusBadge status={w.status} />
                      </Table.Cell>
                      <Table.Cell>
                        {w.status === 'pending' ? (
                          <WithdrawalActions withdrawal={w} onReview={openDialog} />
                        ) : w.status === 'cancelled' ? (
                          <ReviewedBy name="the user" at={w.cancelledAt} />
                        ) : (
                          <ReviewedBy
                            name={reviewer}
                            at={w.reviewedAt}
                            note={
                              w.status === 'paid' ? (w.payoutReference ? `ref ${w.payoutReference}` : null) : w.reason
                            }
                          />
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
            hasMore={withdrawals.hasNextPage}
            loading={withdrawals.isFetchingNextPage}
            onLoadMore={() => void withdrawals.fetchNextPage()}
            noun={['withdrawal', 'withdrawals']}
          />
        </Stack>
      )}

      <ReviewDialog
        open={target !== null}
        title={rejecting ? 'Reject this withdrawal?' : 'Approve this withdrawal?'}
        confirmLabel={rejecting ? 'Reject and return funds' : 'Approve as paid'}
        palette={rejecting ? 'red' : 'teal'}
        field={
          rejecting
            ? {
                label: 'Reason',
                multiline: true,
                required: true,
                maxLength: 500,
                placeholder: 'e.g. The account details do not match the account holder',
                helperText: 'The user sees this reason in their transaction history.',
              }
            : {
                label: 'Payout reference',
                multiline: false,
                required: false,
                maxLength: 100,
                placeholder: 'e.g. the bank transfer or transaction id',
                helperText: 'Recorded with the withdrawal so the payout can be traced.',
              }
        }
        validate={(value) =>
          t
            ? rejecting
              ? reviewInputError({ id: t.id, decision: 'reject', reason: value })
              : reviewInputError({ id: t.id, decision: 'approve', payoutReference: value || undefined })
            : null
        }
        busy={review.isPending}
        serverError={dialogError}
        onSubmit={(value) => {
          if (!target) return;
          setDialogError(null);
          const id = target.withdrawal.id;
          review.mutate(
            target.decision === 'reject'
              ? { id, decision: 'reject', reason: value }
              : { id, decision: 'approve', payoutReference: value || undefined },
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
                ['Method', WITHDRAWAL_METHOD_LABELS[t.method]],
                ['Pay to', t.details],
                ['Requested', formatDateTime(t.createdAt)],
              ]}
            />
            <Text>
              {rejecting
                ? `The held ${formatMoney(t.amount)} will be returned to ${t.userEmail}'s balance.`
                : `Approve only after you have sent ${formatMoney(t.amount)} to the details above: the withdrawal is then marked as paid and cannot be undone.`}
            </Text>
          </Stack>
        ) : null}
      </ReviewDialog>
    </Stack>
  );
}

function WithdrawalActions({
  withdrawal,
  onReview,
  size = 'xs',
}: {
  withdrawal: TWithdrawal;
  onReview: (withdrawal: TWithdrawal, decision: Decision) => void;
  size?: 'xs' | 'sm';
}) {
  const what = `the withdrawal of ${formatMoney(withdrawal.amount)} by ${withdrawal.userEmail}`;
  return (
    <Flex gap="2">
      <Button
        size={size}
        colorPalette="teal"
        onClick={() => onReview(withdrawal, 'approve')}
        aria-label={`Approve ${what}`}
      >
        Approve
      </Button>
      <Button
        size={size}
        colorPalette="red"
        variant="outline"
        onClick={() => onReview(withdrawal, 'reject')}
        aria-label={`Reject ${what}`}
      >
        Reject
      </Button>
    </Flex>
  );
}
