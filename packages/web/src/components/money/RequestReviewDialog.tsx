import { useLingui } from '@lingui/react/macro';
import { type TText, textOf } from '../../lib/i18n-text';
import { ReviewDialog, type ReviewField } from './ReviewDialog';
import { REQUEST_WORDS, type RequestKind } from './request-words';
import { RequestSummary } from './ReviewSummary';
import type { DeskReviewDialogProps } from './use-review-desk';

interface ReviewedRequest {
  id: string;
  userEmail: string;
  amount: number;
}

/** Each of a request's two decisions: the accepting one (confirm, approve) and `reject`. */
type Sides<V> = { accept: V; reject: V };

/** What one kind of money request brings to its review dialog. */
export interface RequestReviewSpec<T extends ReviewedRequest, D extends string, I> {
  /** What is reviewed: its dialog asks "Confirm this deposit?", "Reject this deposit?". */
  noun: RequestKind;
  /** The accepting decision ("confirm"). */
  accept: Exclude<D, 'reject'>;
  /** The dialog's action button for each decision. */
  confirmLabels: Sides<TText>;
  /** The rejection reason's example. */
  reasonPlaceholder: TText;
  /** A value the accepting decision asks for (a payout reference), if any, by request. */
  acceptField?: ReviewField | ((request: T) => ReviewField);
  /** A second value the accepting decision asks for (a crypto payout's satoshis), if any, and its input key. */
  acceptSecondField?: (request: T) => { field: ReviewField; key: string } | undefined;
  /** The review procedure's input for a decision and the values typed. */
  input: (id: string, decision: D, value: string, second: string, request: T) => I;
  /** The shared contract schema of that input. */
  schema: {
    safeParse: (input: I) => {
      success: boolean;
      error?: { issues: { message: string; path: readonly PropertyKey[] }[] };
    };
  };
  /** The request's own facts under User and Amount. */
  rows: (request: T) => [label: string, value: string][];
  /** What each decision does, in a sentence. */
  outcomes: (request: T) => Sides<string>;
}

/** Accept or reject (with a reason) a pending money request, checked against the contract's schema. */
export function RequestReviewDialog<T extends ReviewedRequest, D extends string, I>({
  spec,
  target,
  onReview,
  ...passed
}: DeskReviewDialogProps<T, D, I> & { spec: RequestReviewSpec<T, D, I> }) {
  const { t: tr, i18n } = useLingui();
  const words = REQUEST_WORDS[spec.noun];
  const t = target?.record;
  const side = target?.decision === 'reject' ? 'reject' : 'accept';
  const decision = side === 'reject' ? ('reject' as D) : spec.accept;
  const field: ReviewField | undefined =
    side === 'reject'
      ? {
          label: tr`Reason`,
          multiline: true,
          required: true,
          maxLength: 500,
          placeholder: textOf(spec.reasonPlaceholder),
          helperText: tr`The user sees this reason in their transaction history.`,
        }
      : typeof spec.acceptField === 'function'
        ? t
          ? spec.acceptField(t)
          : undefined
        : spec.acceptField;
  const second = side === 'accept' && t ? spec.acceptSecondField?.(t) : undefined;

  return (
    <ReviewDialog
      {...passed}
      open={target !== null}
      title={side === 'reject' ? words.rejectTitle() : words.acceptTitle()}
      confirmLabel={textOf(spec.confirmLabels[side])}
      palette={side === 'reject' ? 'red' : 'teal'}
      field={field}
      secondField={second?.field}
      validate={(value, secondValue) => {
        if (!t) return null;
        const r = spec.schema.safeParse(spec.input(t.id, decision, value, secondValue, t));
        if (r.success) return null;
        const issue = r.error?.issues[0];
        const onSecond = !!second && issue?.path[0] === second.key;
        // "Check the payout reference." (English lowercases the label; German nouns keep their capital).
        const label = textOf((onSecond ? second.field : field)?.label ?? '');
        const name = i18n.locale === 'en' ? label.toLowerCase() : label;
        return { message: issue?.message ?? tr`Check the ${name}.`, second: onSecond };
      }}
      onSubmit={(value, secondValue) => {
        if (t) onReview(spec.input(t.id, decision, value, secondValue, t));
      }}
    >
      {t ? <RequestSummary request={t} rows={spec.rows(t)} outcome={spec.outcomes(t)[side]} /> : null}
    </ReviewDialog>
  );
}
