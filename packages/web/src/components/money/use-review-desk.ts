import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../ui/toaster';
import { PAGE_SIZE, staleReviewTitle, useInvalidateMoney } from '../../lib/money-hooks';
import { ALL } from '../table/Filters';

/** The toast a desk shows after a review. */
export type ReviewToast = Parameters<typeof toaster.create>[0];

/** What a desk's review dialog gets from useReviewDesk's `dialogProps`. */
export interface DeskReviewDialogProps<TRecord, TDecision extends string, TInput> {
  target: { record: TRecord; decision: TDecision } | null;
  busy: boolean;
  serverError: string | null;
  onReview: (input: TInput) => void;
  onClose: () => void;
}

/**
 * A review desk's state: the status and user filters, the record under
 * review in the dialog and the dialog's server error, and the review mutation's outcome handling
 * (a stale review, already reviewed or gone, closes the dialog and refreshes the lists).
 */
export function useReviewDesk<TRecord, TDecision extends string, TStatus extends string>({
  initialStatus,
  statusOptions,
  failureMessage,
}: {
  initialStatus: TStatus;
  statusOptions: readonly { value: TStatus; label: string }[];
  failureMessage: string;
}) {
  const [status, setStatus] = useState<TStatus>(initialStatus);
  const [userId, setUserId] = useState<string>(ALL);
  const [target, setTarget] = useState<{ record: TRecord; decision: TDecision } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const invalidate = useInvalidateMoney();

  const openDialog = (record: TRecord, decision: TDecision) => {
    setDialogError(null);
    setTarget({ record, decision });
  };

  /** After a review: closes the dialog, says what happened and refreshes the lists. */
  const onReviewed = (toast: ReviewToast) => {
    setTarget(null);
    toaster.create(toast);
    void invalidate();
  };

  const onReviewError = (err: Parameters<typeof staleReviewTitle>[0]) => {
    const stale = staleReviewTitle(err);
    if (stale) {
      setTarget(null);
      const reason = errorMessage(err);
      toaster.create({
        type: 'warning',
        title: stale,
        description: t`${reason} The list has been refreshed.`,
        duration: 8_000,
      });
      void invalidate();
      return;
    }
    setDialogError(errorMessage(err, failureMessage));
  };

  const dialogProps = <TInput>(review: {
    isPending: boolean;
    mutate: (input: TInput) => void;
  }): DeskReviewDialogProps<TRecord, TDecision, TInput> => ({
    target,
    busy: review.isPending,
    serverError: dialogError,
    onReview: (input) => {
      setDialogError(null);
      review.mutate(input);
    },
    onClose: () => setTarget(null),
  });

  return {
    pendingOnly: status === 'pending',
    listInput: {
      limit: PAGE_SIZE,
      status: status === ALL ? undefined : (status as Exclude<TStatus, typeof ALL>),
      userId: userId === ALL ? undefined : userId,
    },
    filters: {
      select: { label: t`Status`, value: status, options: statusOptions, onChange: setStatus },
      userId,
      onUserChange: setUserId,
    },
    openDialog,
    onReviewed,
    onReviewError,
    dialogProps,
  };
}
