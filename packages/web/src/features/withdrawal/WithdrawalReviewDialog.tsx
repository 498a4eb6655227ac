import { t } from '@lingui/core/macro';
import { ZWithdrawalReviewInput, type TWithdrawalReviewInput, type TWithdrawal } from '@vestora/contract';
import { formatDateTime, formatRequestAmount } from '../../lib/format';
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
  // A crypto payout is approved with the Bitcoin transaction that pays it and its satoshis (#34): it then reads
  // "Sent — waiting for the network" until the chain shows that transaction paying the member's address.
  acceptField: (w) =>
    w.method === 'crypto'
      ? {
          label: t`Bitcoin transaction id`,
          multiline: false,
          required: true,
          maxLength: 64,
          placeholder: t`64 hexadecimal characters`,
          helperText: t`The transaction you broadcast to the member's address.`,
        }
      : {
          label: t`Payout reference`,
          multiline: false,
          required: false,
          maxLength: 100,
          placeholder: t`e.g. the bank transfer or transaction id`,
          helperText: t`Only if you paid it yourself: the withdrawal is then marked as paid. Leave it empty for a bank payout to go in the payment file.`,
        },
  acceptSecondField: (w) =>
    w.method === 'crypto'
      ? {
          key: 'payoutSats',
          field: {
            label: t`Satoshis paid to the member`,
            multiline: false,
            required: true,
            maxLength: 16,
            placeholder: t`e.g. 150000`,
            helperText: t`The transaction's output to the member's address, in satoshis (1 BTC = 100,000,000).`,
          },
        }
      : undefined,
  input: (id, decision, value, second, w) =>
    decision === 'reject'
      ? { id, decision, reason: value }
      : w.method === 'crypto'
        ? { id, decision, payoutReference: value, payoutSats: second === '' ? Number.NaN : Number(second) }
        : { id, decision, payoutReference: value || undefined },
  schema: ZWithdrawalReviewInput,
  rows: (w) => [
    [t`Method`, WITHDRAWAL_METHOD_LABELS[w.method]],
    [t`Pay to`, w.details],
    [t`Requested`, formatDateTime(w.createdAt)],
  ],
  outcomes: (w) => {
    const amount = formatRequestAmount(w);
    const email = w.userEmail;
    return {
      accept:
        w.method === 'bank'
          ? t`Without a payout reference, ${amount} waits for the next payment file (Export payment file) and is settled by the bank statement. With one, approve only after you have sent it yourself: it is then marked as paid. This cannot be undone.`
          : w.method === 'crypto'
            ? t`Approve only after you have broadcast the transaction for ${amount} to the address above. The withdrawal reads “Sent — waiting for the network” until the chain shows that transaction paying the address at least these satoshis, with its confirmations; then it is paid. This cannot be undone.`
            : t`Approve only after you have sent ${amount} to the details above: the withdrawal is then marked as paid and cannot be undone.`,
      reject: t`The held ${amount} will be returned to ${email}'s balance.`,
    };
  },
});

/**
 * Approve (with an optional payout reference; a crypto payout with its transaction id and satoshis) or reject
 * (with a reason) a held withdrawal.
 */
export function WithdrawalReviewDialog(
  props: DeskReviewDialogProps<TWithdrawal, TWithdrawalReviewInput['decision'], TWithdrawalReviewInput>,
) {
  return <RequestReviewDialog spec={withdrawalReview()} {...props} />;
}
