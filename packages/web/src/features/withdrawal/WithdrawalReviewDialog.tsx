import { t } from '@lingui/core/macro';
import { ZWithdrawalReviewInput, type TWithdrawalReviewInput, type TWithdrawal } from '@vestora/contract';
import { formatDateTime, formatMoney } from '../../lib/format';
import { WITHDRAWAL_METHOD_LABELS } from '../../lib/money-labels';
import { RequestReviewDialog, type RequestReviewSpec } from '../../components/money/RequestReviewDialog';
import type { DeskReviewDialogProps } from '../../components/money/use-review-desk';

// Built while rendering (not at module level) so that its words follow the language shown.
const withdrawalReview = (): RequestReviewSpec<
  TWithdrawal,
  TWithdrawalReviewInput['decision'],
  TWithdrawalReviewInput
> => ({
  noun: 'withdrawal',
  accept: 'approve',
  confirmLabels: { accept: t`Approve`, reject: t`Reject and return funds` },
  reasonPlaceholder: t`e.g. The account details do not match the account holder`,
  acceptField: {
    label: t`Payout reference`,
    multiline: false,
    required: false,
    maxLength: 100,
    placeholder: t`e.g. the bank transfer or transaction id`,
    helperText: t`Only if you paid it yourself: the withdrawal is then marked as paid. Leave it empty for a bank payout to go in the payment file.`,
  },
  input: (id, decision, value) =>
    decision === 'reject' ? { id, decision, reason: value } : { id, decision, payoutReference: value || undefined },
  schema: ZWithdrawalReviewInput,
  rows: (w) => [
    [t`Method`, WITHDRAWAL_METHOD_LABELS[w.method]],
    [t`Pay to`, w.details],
    [t`Requested`, formatDateTime(w.createdAt)],
  ],
  outcomes: (w) => {
    const amount = formatMoney(w.amount);
    const email = w.userEmail;
    return {
      accept:
        w.method === 'bank'
          ? t`Without a payout reference, ${amount} waits for the next payment file (Export payment file) and is settled by the bank statement. With one, approve only after you have sent it yourself: it is then marked as paid. This cannot be undone.`
          : t`Approve only after you have sent ${amount} to the details above: the withdrawal is then marked as paid and cannot be undone.`,
      reject: t`The held ${amount} will be returned to ${email}'s balance.`,
    };
  },
});

/** Approve (with an optional payout reference) or reject (with a reason) a held withdrawal. */
export function WithdrawalReviewDialog(
  props: DeskReviewDialogProps<TWithdrawal, TWithdrawalReviewInput['decision'], TWithdrawalReviewInput>,
) {
  return <RequestReviewDialog spec={withdrawalReview()} {...props} />;
}
