import { t } from '@lingui/core/macro';
import type { TWithdrawal, TWithdrawalReviewInput } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatRequestAmount } from '../../lib/format';
import { WITHDRAWAL_FILTER_STATUS } from '../../lib/money-labels';
import { useWithdrawalPages } from '../../lib/money-hooks';
import { WithdrawalStatusBadge } from '../../components/money/StatusBadge';
import { WithdrawalTimeline } from '../../components/money/MoneyTimeline';
import { RequestDesk, type RequestDeskSpec } from '../../components/money/RequestDesk';
import { PayToCell } from '../../components/money/RequestCells';
import { ReviewedBy } from '../../components/money/ReviewSummary';
import { Stack } from '@chakra-ui/react';
import { WithdrawalReviewDialog } from './WithdrawalReviewDialog';
import { ExportPaymentsButton } from './ExportPaymentsButton';
import { PaymentFiles } from './PaymentFiles';
import { ReleaseCryptoPayout } from './ReleaseCryptoPayout';

// Built while rendering (not at module level) so that its words follow the language shown.
const withdrawalDesk = (): RequestDeskSpec<
  TWithdrawal,
  TWithdrawalReviewInput['decision'],
  TWithdrawalReviewInput
> => ({
  noun: 'withdrawal',
  userWord: 'by',
  accept: 'approve',
  emptyPendingDescription: t`New withdrawal requests will appear here.`,
  minW: '50rem',
  detailHeader: t`Pay to`,
  detailCell: (w) => <PayToCell withdrawal={w} />,
  reviewed: (w, reviewer) =>
    w.status === 'cancelled' ? (
      <ReviewedBy name={t`the user`} at={w.cancelledAt} />
    ) : (
      <Stack gap="2" align="start">
        <ReviewedBy
          name={reviewer}
          at={w.reviewedAt}
          note={
            w.status === 'paid' || w.status === 'sent'
              ? w.payoutReference
                ? payoutRef(w.payoutReference)
                : null
              : w.reason
          }
        />
        {/* #34: a crypto payout never seen paying the member goes back to them by four eyes. */}
        {w.status === 'sent' && w.method === 'crypto' && w.payoutReference ? (
          <ReleaseCryptoPayout payout={{ ...w, txid: w.payoutReference }} />
        ) : null}
      </Stack>
    ),
  reviewedToast: (w) => {
    const amount = formatRequestAmount(w);
    const email = w.userEmail;
    const reference = w.payoutReference;
    if (w.status === 'approved') {
      return {
        type: 'success',
        title: t`Withdrawal approved`,
        description: t`${amount} to ${email} goes out with the next bank payment file.`,
      };
    }
    if (w.status === 'sent' && w.method === 'crypto') {
      const txid = reference ?? '';
      return {
        type: 'success',
        title: t`Withdrawal sent`,
        description: t`${amount} to ${email} reads “Sent — waiting for the network” until the chain confirms transaction ${txid}.`,
      };
    }
    if (w.status === 'paid') {
      return {
        type: 'success',
        title: t`Withdrawal approved`,
        description: reference
          ? t`${amount} to ${email} is marked as paid (reference ${reference}).`
          : t`${amount} to ${email} is marked as paid.`,
      };
    }
    return {
      type: 'success',
      title: t`Withdrawal rejected`,
      description: t`${amount} was returned to ${email}'s balance.`,
    };
  },
  statuses: WITHDRAWAL_FILTER_STATUS,
  usePages: useWithdrawalPages,
  useReview: trpc.withdrawal.review.useMutation,
  Timeline: WithdrawalTimeline,
  statusBadge: (w) => <WithdrawalStatusBadge withdrawal={w} />,
  Dialog: WithdrawalReviewDialog,
});

const payoutRef = (reference: string) => t`ref ${reference}`;

/**
 * Money desk tab: held withdrawals to approve (a bank payout then waits for the payment file; a crypto payout is
 * sent until the chain shows its transaction, and one never seen paying the member can be released to them by four
 * eyes; PayPal or a typed payout reference marks it paid) or reject (funds return, reason required), and the
 * payment file export.
 */
export function WithdrawalsDesk() {
  return (
    <Stack gap="4">
      <ExportPaymentsButton />
      <PaymentFiles />
      <RequestDesk spec={withdrawalDesk()} />
    </Stack>
  );
}
