import { ZDepositReviewInput, type TDepositReviewInput, type TDeposit } from '@vestora/contract';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ReviewDialog } from '../money/components/ReviewDialog';
import { RequestSummary } from '../money/components/ReviewSummary';
import type { DeskReviewDialogProps } from '../money/components/use-review-desk';

export type DepositDecision = 'confirm' | 'reject';

/** Confirm (credits the balance) or reject (with a reason) a reported transfer. */
export function DepositReviewDialog({
  target,
  busy,
  serverError,
  onReview,
  onClose,
}: DeskReviewDialogProps<TDeposit, DepositDecision, TDepositReviewInput>) {
  const t = target?.record;
  return (
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
      busy={busy}
      serverError={serverError}
      onSubmit={(reason) => {
        if (!target) return;
        onReview(
          target.decision === 'reject'
            ? { id: target.record.id, decision: 'reject', reason }
            : { id: target.record.id, decision: 'confirm' },
        );
      }}
      onClose={onClose}
    >
      {t ? (
        <RequestSummary
          request={t}
          rows={[
            ['Transfer reference', t.reference],
            ['Reported', formatDateTime(t.createdAt)],
          ]}
          outcome={
            target?.decision === 'reject'
              ? 'Nothing will be credited. Check that the transfer really did not arrive before rejecting.'
              : `${formatMoney(t.amount)} will be credited to ${t.userEmail}'s balance. Confirm only after the transfer has arrived in the bank account.`
          }
        />
      ) : null}
    </ReviewDialog>
  );
}
