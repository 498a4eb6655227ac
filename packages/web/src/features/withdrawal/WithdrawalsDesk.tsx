import type { TWithdrawal, TWithdrawalReviewInput } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatMoney } from '../../lib/format';
import { WITHDRAWAL_STATUS } from '../../lib/money-labels';
import { useWithdrawalPages } from '../../lib/money-hooks';
import { WithdrawalStatusBadge } from '../../components/money/StatusBadge';
import { WithdrawalTimeline } from '../../components/money/MoneyTimeline';
import { RequestDesk, type RequestDeskSpec } from '../../components/money/RequestDesk';
import { PayToCell } from '../../components/money/RequestCells';
import { ReviewedBy } from '../../components/money/ReviewSummary';
import { Stack } from '@chakra-ui/react';
import { WithdrawalReviewDialog } from './WithdrawalReviewDialog';
import { ExportPaymentsButton } from './ExportPaymentsButton';

const WITHDRAWAL_DESK: RequestDeskSpec<TWithdrawal, TWithdrawalReviewInput['decision'], TWithdrawalReviewInput> = {
  noun: 'withdrawal',
  userWord: 'by',
  accept: 'approve',
  emptyPendingDescription: 'New withdrawal requests will appear here.',
  minW: '50rem',
  detailHeader: 'Pay to',
  detailCell: (w) => <PayToCell withdrawal={w} />,
  reviewed: (w, reviewer) =>
    w.status === 'cancelled' ? (
      <ReviewedBy name="the user" at={w.cancelledAt} />
    ) : (
      <ReviewedBy
        name={reviewer}
        at={w.reviewedAt}
        note={w.status === 'paid' ? (w.payoutReference ? `ref ${w.payoutReference}` : null) : w.reason}
      />
    ),
  reviewedToast: (w) =>
    w.status === 'approved'
      ? {
          type: 'success',
          title: 'Withdrawal approved',
          description: `${formatMoney(w.amount)} to ${w.userEmail} goes out with the next bank payment file.`,
        }
      : w.status === 'paid'
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
  statuses: WITHDRAWAL_STATUS,
  usePages: useWithdrawalPages,
  useReview: trpc.withdrawal.review.useMutation,
  Timeline: WithdrawalTimeline,
  StatusBadge: WithdrawalStatusBadge,
  Dialog: WithdrawalReviewDialog,
};

/**
 * Money desk tab: held withdrawals to approve (a bank payout then waits for the payment file; PayPal, crypto or a
 * typed payout reference marks it paid) or reject (funds return, reason required), and the payment file export.
 */
export function WithdrawalsDesk() {
  return (
    <Stack gap="4">
      <ExportPaymentsButton />
      <RequestDesk spec={WITHDRAWAL_DESK} />
    </Stack>
  );
}
