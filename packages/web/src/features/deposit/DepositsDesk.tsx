import { Table } from '@chakra-ui/react';
import type { TDeposit } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatMoney } from '../../lib/format';
import { DEPOSIT_STATUS } from '../money/money-labels';
import { useDepositPages } from '../money/money-hooks';
import { ALL, statusFilterOptions } from '../money/components/Filters';
import { DepositStatusBadge } from '../money/components/StatusBadge';
import { DepositTimeline } from '../money/components/MoneyTimeline';
import { ReviewActions, ReviewDesk } from '../money/components/ReviewDesk';
import { ReviewedBy } from '../money/components/ReviewSummary';
import { DepositReviewDialog, type DepositDecision as Decision } from './DepositReviewDialog';
import { useReviewDesk, type ReviewToast } from '../money/components/use-review-desk';

type StatusFilter = TDeposit['status'] | typeof ALL;
const STATUS_OPTIONS = statusFilterOptions(DEPOSIT_STATUS);

/** The toast after a review: what was done to the deposit. */
function reviewedToast(d: TDeposit): ReviewToast {
  return d.status === 'confirmed'
    ? {
        type: 'success',
        title: 'Deposit confirmed',
        description: `${formatMoney(d.amount)} was credited to ${d.userEmail}.`,
      }
    : { type: 'success', title: 'Deposit rejected', description: `Nothing was credited to ${d.userEmail}.` };
}

/** Money desk tab: reported transfers to confirm (credits the balance once) or reject (with a reason). */
export function DepositsDesk() {
  const desk = useReviewDesk<TDeposit, Decision, StatusFilter>({
    initialStatus: 'pending',
    statusOptions: STATUS_OPTIONS,
    failureMessage: 'The deposit could not be reviewed. Please try again.',
  });
  const deposits = useDepositPages(desk.listInput);

  const review = trpc.deposit.review.useMutation({
    onSuccess: (d) => desk.onReviewed(reviewedToast(d)),
    onError: desk.onReviewError,
  });

  return (
    <ReviewDesk
      desk={desk}
      list={deposits}
      noun={['deposit', 'deposits']}
      emptyPendingDescription="New transfer reports will appear here."
      minW="46rem"
      detailHeader="Transfer reference"
      rowLabel={(d) => `timeline of the deposit of ${formatMoney(d.amount)} from ${d.userEmail}`}
      timeline={(d, reviewer) => <DepositTimeline record={d} audience="admin" reviewerName={reviewer} />}
      actions={(d, size) => (
        <ReviewActions
          acceptLabel="Confirm"
          what={`the deposit of ${formatMoney(d.amount)} from ${d.userEmail}`}
          onAccept={() => desk.openDialog(d, 'confirm')}
          onReject={() => desk.openDialog(d, 'reject')}
          size={size}
        />
      )}
      detailCell={(d) => (
        <Table.Cell maxW="12rem" truncate title={d.reference}>
          {d.reference}
        </Table.Cell>
      )}
      statusBadge={(d) => <DepositStatusBadge status={d.status} />}
      reviewed={(d, reviewer) => <ReviewedBy name={reviewer} at={d.reviewedAt} note={d.reason} />}
      dialog={<DepositReviewDialog {...desk.dialogProps(review)} />}
    />
  );
}
