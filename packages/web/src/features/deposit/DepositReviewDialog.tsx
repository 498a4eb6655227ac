import { t } from '@lingui/core/macro';
import { ZDepositReviewInput, type TDepositReviewInput, type TDeposit } from '@vestora/contract';
import { formatDateTime, formatMoney } from '../../lib/format';
import { RequestReviewDialog, type RequestReviewSpec } from '../../components/money/RequestReviewDialog';
import type { DeskReviewDialogProps } from '../../components/money/use-review-desk';

// Built while rendering (not at module level) so that its words follow the language shown.
const depositReview = (): RequestReviewSpec<TDeposit, TDepositReviewInput['decision'], TDepositReviewInput> => ({
  noun: 'deposit',
  accept: 'confirm',
  confirmLabels: { accept: t`Confirm and credit`, reject: t`Reject deposit` },
  reasonPlaceholder: t`e.g. No transfer with this reference arrived`,
  input: (id, decision, reason) => (decision === 'reject' ? { id, decision, reason } : { id, decision }),
  schema: ZDepositReviewInput,
  rows: (d) => [
    [t`Transfer reference`, d.reference],
    [t`Reported`, formatDateTime(d.createdAt)],
  ],
  outcomes: (d) => {
    const amount = formatMoney(d.amount);
    const email = d.userEmail;
    return {
      accept: t`${amount} will be credited to ${email}'s balance. Confirm only after the transfer has arrived in the bank account.`,
      reject: t`Nothing will be credited. Check that the transfer really did not arrive before rejecting.`,
    };
  },
});

/** Confirm (credits the balance) or reject (with a reason) a reported transfer. */
export function DepositReviewDialog(
  props: DeskReviewDialogProps<TDeposit, TDepositReviewInput['decision'], TDepositReviewInput>,
) {
  return <RequestReviewDialog spec={depositReview()} {...props} />;
}
