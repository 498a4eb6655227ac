import { ZWithdrawalReviewInput, type TWithdrawalReviewInput, type TWithdrawal } from '@vestora/contract';
import { formatDateTime, formatMoney } from '../../lib/format';
import { WITHDRAWAL_METHOD_LABELS } from '../../lib/money-labels';
import { RequestReviewDialog, type RequestReviewSpec } from '../../components/money/RequestReviewDialog';
import type { DeskReviewDialogProps } from '../../components/money/use-review-desk';

const WITHDRAWAL_REVIEW: RequestReviewSpec<TWithdrawal, TWithdrawalReviewInput['decision'], TWithdrawalReviewInput> = {
  noun: 'withdrawal',
  accept: 'approve',
  confirmLabels: { accept: 'Approve', reject: 'Reject and return funds' },
  reasonPlaceholder: 'e.g. The account details do not match the account holder',
  acceptField: {
    label: 'Payout reference',
    multiline: false,
    required: false,
    maxLength: 100,
    placeholder: 'e.g. the bank transfer or transaction id',
    helperText:
      'Only if you paid it yourself: the withdrawal is then marked as paid. Leave it empty for a bank payout to go in the payment file.',
  },
  input: (id, decision, value) =>
    decision === 'reject' ? { id, decision, reason: value } : { id, decision, payoutReference: value || undefined },
  schema: ZWithdrawalReviewInput,
  rows: (w) => [
    ['Method', WITHDRAWAL_METHOD_LABELS[w.method]],
    ['Pay to', w.details],
    ['Requested', formatDateTime(w.createdAt)],
  ],
  outcomes: (w) => ({
    accept:
      w.method === 'bank'
        ? `Without a payout reference, ${formatMoney(w.amount)} waits for the next payment file (Export payment file) and is settled by the bank statement. With one, approve only after you have sent it yourself: it is then marked as paid. This cannot be undone.`
        : `Approve only after you have sent ${formatMoney(w.amount)} to the details above: the withdrawal is then marked as paid and cannot be undone.`,
    reject: `The held ${formatMoney(w.amount)} will be returned to ${w.userEmail}'s balance.`,
  }),
};

/** Approve (with an optional payout reference) or reject (with a reason) a held withdrawal. */
export function WithdrawalReviewDialog(
  props: DeskReviewDialogProps<TWithdrawal, TWithdrawalReviewInput['decision'], TWithdrawalReviewInput>,
) {
  return <RequestReviewDialog spec={WITHDRAWAL_REVIEW} {...props} />;
}
