import { ZWithdrawalReviewInput, type TWithdrawalReviewInput, type TWithdrawal } from '@vestora/contract';
import { formatDateTime, formatMoney } from '../../lib/format';
import { WITHDRAWAL_METHOD_LABELS } from '../money/money-labels';
import { ReviewDialog } from '../money/components/ReviewDialog';
import { RequestSummary } from '../money/components/ReviewSummary';
import type { DeskReviewDialogProps } from '../money/components/use-review-desk';

export type WithdrawalDecision = 'approve' | 'reject';

/** The first message the shared contract schema gives for a review, or null when it is valid. */
function reviewInputError(input: TWithdrawalReviewInput) {
  const r = ZWithdrawalReviewInput.safeParse(input);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Check the value.');
}

/** Approve (with an optional payout reference) or reject (with a reason) a held withdrawal. */
export function WithdrawalReviewDialog({
  target,
  busy,
  serverError,
  onReview,
  onClose,
}: DeskReviewDialogProps<TWithdrawal, WithdrawalDecision, TWithdrawalReviewInput>) {
  const t = target?.record;
  const rejecting = target?.decision === 'reject';
  return (
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
      busy={busy}
      serverError={serverError}
      onSubmit={(value) => {
        if (!target) return;
        const id = target.record.id;
        onReview(
          target.decision === 'reject'
            ? { id, decision: 'reject', reason: value }
            : { id, decision: 'approve', payoutReference: value || undefined },
        );
      }}
      onClose={onClose}
    >
      {t ? (
        <RequestSummary
          request={t}
          rows={[
            ['Method', WITHDRAWAL_METHOD_LABELS[t.method]],
            ['Pay to', t.details],
            ['Requested', formatDateTime(t.createdAt)],
          ]}
          outcome={
            rejecting
              ? `The held ${formatMoney(t.amount)} will be returned to ${t.userEmail}'s balance.`
              : `Approve only after you have sent ${formatMoney(t.amount)} to the details above: the withdrawal is then marked as paid and cannot be undone.`
          }
        />
      ) : null}
    </ReviewDialog>
  );
}
