import { t } from '@lingui/core/macro';
import type { TDeposit, TDepositReviewInput, TDepositReviewResult } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatMoney } from '../../lib/format';
import { DEPOSIT_STATUS } from '../../lib/money-labels';
import { useBankDepositPages } from '../../lib/money-hooks';
import { TransferReferenceCell } from '../../components/money/RequestCells';
import { DepositStatusBadge } from '../../components/money/StatusBadge';
import { DepositTimeline } from '../../components/money/MoneyTimeline';
import { RequestDesk, type RequestDeskSpec } from '../../components/money/RequestDesk';
import { ReviewedBy } from '../../components/money/ReviewSummary';
import { DepositReviewDialog } from './DepositReviewDialog';

// Built while rendering (not at module level) so that its words follow the language shown.
const depositDesk = (): RequestDeskSpec<TDeposit, TDepositReviewInput['decision'], TDepositReviewInput> => ({
  noun: 'deposit',
  userWord: 'from',
  accept: 'confirm',
  emptyPendingDescription: t`New transfer reports will appear here.`,
  minW: '46rem',
  detailHeader: t`Transfer reference`,
  detailCell: (d) => <TransferReferenceCell reference={d.reference} maxW="12rem" />,
  reviewed: (d, reviewer) => <ReviewedBy name={reviewer} at={d.reviewedAt} note={d.reason} />,
  reviewedToast: (d) => {
    const amount = formatMoney(d.amount);
    const email = d.userEmail;
    // Confirming by hand is a proposal (#27): nothing is credited until a second administrator approves it.
    if ((d as TDepositReviewResult).approval?.status === 'pending')
      return {
        type: 'info',
        title: t`Proposed — waiting for a second administrator`,
        description: t`Nothing is credited to ${email} yet: another administrator approves ${amount} under Approvals.`,
      };
    return d.status === 'confirmed'
      ? { type: 'success', title: t`Deposit confirmed`, description: t`${amount} was credited to ${email}.` }
      : { type: 'success', title: t`Deposit rejected`, description: t`Nothing was credited to ${email}.` };
  },
  statuses: DEPOSIT_STATUS,
  usePages: useBankDepositPages,
  useReview: trpc.deposit.review.useMutation,
  Timeline: DepositTimeline,
  statusBadge: (d) => <DepositStatusBadge status={d.status} />,
  Dialog: DepositReviewDialog,
});

/** Money desk tab: reported transfers to confirm (credits the balance once) or reject (with a reason). */
export function DepositsDesk() {
  return <RequestDesk spec={depositDesk()} />;
}
