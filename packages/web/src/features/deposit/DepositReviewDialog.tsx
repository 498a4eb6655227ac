import { ZDepositReviewInput, type TDepositReviewInput, type TDeposit } from '@vestora/contract';
import { formatDateTime, formatMoney } from '../../lib/format';
import { RequestReviewDialog, type RequestReviewSpec } from '../../components/money/RequestReviewDialog';
import type { DeskReviewDialogProps } from '../../components/money/use-review-desk';

const DEPOSIT_REVIEW: RequestReviewSpec<TDeposit, TDepositReviewInput['decision'], TDepositReviewInput> = {
  noun: 'deposit',
  accept: 'confirm',
  confirmLabels: { accept: 'Confirm and credit', reject: 'Reject deposit' },
  reasonPlaceholder: 'e.g. No transfer with this reference arrived',
  input: (id, decision, reason) => (decision === 'reject' ? { id, decision, reason } : { id, decision }),
  schema: ZDepositReviewInput,
  rows: (d) => [
    ['Transfer reference', d.reference],
    ['Reported', formatDateTime(d.createdAt)],
  ],
  outcomes: (d) => ({
    accept: `${formatMoney(d.amount)} will be credited to ${d.userEmail}'s balance. Confirm only after the transfer has arrived in the bank account.`,
    reject: 'Nothing will be credited. Check that the transfer really did not arrive before rejecting.',
  }),
};

/** Confirm (credits the balance) or reject (with a reason) a reported transfer. */
export function DepositReviewDialog(
  props: DeskReviewDialogProps<TDeposit, TDepositReviewInput['decision'], TDepositReviewInput>,
) {
  return <RequestReviewDialog spec={DEPOSIT_REVIEW} {...props} />;
}
