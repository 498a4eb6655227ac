import type { TWithdrawal } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatMoney } from '../../lib/format';
import { WITHDRAWAL_METHOD_LABELS, WITHDRAWAL_STATUS } from '../money/money-labels';
import { useWithdrawalPages } from '../money/money-hooks';
import { ALL, statusFilterOptions } from '../money/components/Filters';
import { WithdrawalStatusBadge } from '../money/components/StatusBadge';
import { WithdrawalTimeline } from '../money/components/MoneyTimeline';
import { ReviewActions, ReviewDesk } from '../money/components/ReviewDesk';
import { StackedCell } from '../money/components/StackedCell';
import { ReviewedBy } from '../money/components/ReviewSummary';
import { WithdrawalReviewDialog, type WithdrawalDecision as Decision } from './WithdrawalReviewDialog';
import { useReviewDesk, type ReviewToast } from '../money/components/use-review-desk';

type StatusFilter = TWithdrawal['status'] | typeof ALL;
const STATUS_OPTIONS = statusFilterOptions(WITHDRAWAL_STATUS);

/** The toast after a review: what was done to the withdrawal. */
function reviewedToast(w: TWithdrawal): ReviewToast {
  return w.status === 'paid'
    ? {
        type: 'success',
        title: 'Withdrawal approved',
        description: `${formatMoney(w.amount)} to ${w.userEmail} is marked as paid${w.payoutReference ? ` (reference ${w.payoutReference})` : ''}.`,
      }
    : {
        type: 'success',
        title: 'Withdrawal rejected',
        description: `${formatMoney(w.amount)} was returned to ${w.userEmail}'s balance.`,
      };
}

/** Money desk tab: held withdrawals to approve (marked paid) or reject (funds return, reason required). */
export function WithdrawalsDesk() {
  const desk = useReviewDesk<TWithdrawal, Decision, StatusFilter>({
    initialStatus: 'pending',
    statusOptions: STATUS_OPTIONS,
    failureMessage: 'The withdrawal could not be reviewed. Please try again.',
  });
  const withdrawals = useWithdrawalPages(desk.listInput);

  const review = trpc.withdrawal.review.useMutation({
    onSuccess: (w) => desk.onReviewed(reviewedToast(w)),
    onError: desk.onReviewError,
  });

  return (
    <ReviewDesk
      desk={desk}
      list={withdrawals}
      noun={['withdrawal', 'withdrawals']}
      emptyPendingDescription="New withdrawal requests will appear here."
      minW="50rem"
      detailHeader="Pay to"
      rowLabel={(w) => `timeline of the withdrawal of ${formatMoney(w.amount)} by ${w.userEmail}`}
      timeline={(w, reviewer) => <WithdrawalTimeline record={w} audience="admin" reviewerName={reviewer} />}
      actions={(w, size) => (
        <ReviewActions
          acceptLabel="Approve"
          what={`the withdrawal of ${formatMoney(w.amount)} by ${w.userEmail}`}
          onAccept={() => desk.openDialog(w, 'approve')}
          onReject={() => desk.openDialog(w, 'reject')}
          size={size}
        />
      )}
      detailCell={(w) => (
        <StackedCell primary={WITHDRAWAL_METHOD_LABELS[w.method]} secondary={w.details} title={w.details} />
      )}
      statusBadge={(w) => <WithdrawalStatusBadge status={w.status} />}
      reviewed={(w, reviewer) =>
        w.status === 'cancelled' ? (
          <ReviewedBy name="the user" at={w.cancelledAt} />
        ) : (
          <ReviewedBy
            name={reviewer}
            at={w.reviewedAt}
            note={w.status === 'paid' ? (w.payoutReference ? `ref ${w.payoutReference}` : null) : w.reason}
          />
        )
      }
      dialog={<WithdrawalReviewDialog {...desk.dialogProps(review)} />}
    />
  );
}
