import type { TDeposit, TDepositReviewInput } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatMoney } from '../../lib/format';
import { DEPOSIT_STATUS } from '../money/money-labels';
import { useDepositPages } from '../money/money-hooks';
import { TransferReferenceCell } from '../money/components/RequestCells';
import { DepositStatusBadge } from '../money/components/StatusBadge';
import { DepositTimeline } from '../money/components/MoneyTimeline';
import { RequestDesk, type RequestDeskSpec } from '../money/components/RequestDesk';
import { ReviewedBy } from '../money/components/ReviewSummary';
import { DepositReviewDialog } from './DepositReviewDialog';

const DEPOSIT_DESK: RequestDeskSpec<TDeposit, TDepositReviewInput['decision'], TDepositReviewInput> = {
  noun: 'deposit',
  userWord: 'from',
  accept: 'confirm',
  emptyPendingDescription: 'New transfer reports will appear here.',
  minW: '46rem',
  detailHeader: 'Transfer reference',
  detailCell: (d) => <TransferReferenceCell reference={d.reference} maxW="12rem" />,
  reviewed: (d, reviewer) => <ReviewedBy name={reviewer} at={d.reviewedAt} note={d.reason} />,
  reviewedToast: (d) =>
    d.status === 'confirmed'
      ? {
          type: 'success',
          title: 'Deposit confirmed',
          description: `${formatMoney(d.amount)} was credited to ${d.userEmail}.`,
        }
      : { type: 'success', title: 'Deposit rejected', description: `Nothing was credited to ${d.userEmail}.` },
  statuses: DEPOSIT_STATUS,
  usePages: useDepositPages,
  useReview: trpc.deposit.review.useMutation,
  Timeline: DepositTimeline,
  StatusBadge: DepositStatusBadge,
  Dialog: DepositReviewDialog,
};

/** Money desk tab: reported transfers to confirm (credits the balance once) or reject (with a reason). */
export function DepositsDesk() {
  return <RequestDesk spec={DEPOSIT_DESK} />;
}
