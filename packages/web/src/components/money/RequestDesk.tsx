import type { ComponentType, ReactNode } from 'react';
import { formatRequestAmount } from '../../lib/format';
import type { TText } from '../../lib/i18n-text';
import { useSession } from '../../lib/session';
import type { staleReviewTitle } from '../../lib/money-hooks';
import { ALL, statusFilterOptions } from '../table/Filters';
import type { Audience } from './MoneyTimeline';
import type { PagedList } from '../table/PagedTable';
import { ReviewActions, ReviewDesk, type DeskRecord } from './ReviewDesk';
import { useReviewDesk, type DeskReviewDialogProps, type ReviewToast } from './use-review-desk';
import { REQUEST_WORDS, type RequestKind } from './request-words';

/** What a desk lists: one page size, a status, a user. */
interface DeskListInput<S> {
  limit: number;
  status?: S;
  userId?: string;
}

/** A review procedure's `useMutation`, as the desk calls it. */
type UseReview<T, I> = (handlers: {
  onSuccess: (record: T) => void;
  onError: (err: Parameters<typeof staleReviewTitle>[0]) => void;
}) => { isPending: boolean; mutate: (input: I) => void };

/** What one kind of money request brings to the shared review desk: its words, procedures and parts. */
export interface RequestDeskSpec<T extends DeskRecord, D extends string, I> {
  /** What is reviewed (its words: "the deposit of $25.00 from a@b.c", "Confirm"...). */
  noun: RequestKind;
  /** @deprecated The kind's own sentences say "from" or "by" (see request-words.ts). */
  userWord?: string;
  /** The accepting decision ("confirm"); its button reads "Confirm". The other one is "reject". */
  accept: Exclude<D, 'reject'>;
  /** Under "No … waiting for review". */
  emptyPendingDescription: TText;
  minW: string;
  /** The column between Amount and Status, and its cell. */
  detailHeader: TText;
  detailCell: (item: T) => ReactNode;
  /** The Review column once the request is no longer pending. */
  reviewed: (item: T, reviewer: string | null) => ReactNode;
  /** The toast after a review: what was done to the request. */
  reviewedToast: (item: T) => ReviewToast;
  statuses: Record<T['status'], { label: string }>;
  usePages: (input: DeskListInput<T['status']>) => PagedList<T>;
  useReview: UseReview<T, I>;
  Timeline: ComponentType<{ record: T; audience: Audience; reviewerName?: string | null }>;
  /** The request's status as a badge. */
  statusBadge: (item: T) => ReactNode;
  Dialog: ComponentType<DeskReviewDialogProps<T, D | 'reject', I>>;
}

/** A money desk tab for one kind of request: filters, the paged table of requests, review and its dialog. */
export function RequestDesk<T extends DeskRecord, D extends string, I>({ spec }: { spec: RequestDeskSpec<T, D, I> }) {
  const { noun, accept, Timeline, Dialog } = spec;
  const words = REQUEST_WORDS[noun];
  const desk = useReviewDesk<T, D | 'reject', T['status'] | typeof ALL>({
    initialStatus: 'pending',
    statusOptions: statusFilterOptions(spec.statuses),
    failureMessage: words.reviewFailed(),
  });
  const list = spec.usePages(desk.listInput);
  const review = spec.useReview({
    onSuccess: (record) => desk.onReviewed(spec.reviewedToast(record)),
    onError: desk.onReviewError,
  });
  const { user: me } = useSession();
  // Four eyes: the server refuses an admin's review of their own request (403); the desk says so up front.
  const ownRequestReason = (item: T) => (me && item.userId === me.id ? words.ownRequest() : undefined);

  return (
    <ReviewDesk
      desk={desk}
      list={list}
      noun={noun}
      emptyPendingDescription={spec.emptyPendingDescription}
      minW={spec.minW}
      detailHeader={spec.detailHeader}
      rowLabel={(item) => words.deskTimeline(formatRequestAmount(item), item.userEmail)}
      timeline={(item, reviewer) => <Timeline record={item} audience="admin" reviewerName={reviewer} />}
      actions={(item, size) => (
        <ReviewActions
          acceptLabel={words.acceptLabel()}
          acceptName={words.acceptWhat(formatRequestAmount(item), item.userEmail)}
          rejectName={words.rejectWhat(formatRequestAmount(item), item.userEmail)}
          onAccept={() => desk.openDialog(item, accept)}
          onReject={() => desk.openDialog(item, 'reject')}
          size={size}
          blockedReason={ownRequestReason(item)}
        />
      )}
      detailCell={spec.detailCell}
      statusBadge={spec.statusBadge}
      reviewed={spec.reviewed}
      dialog={<Dialog {...desk.dialogProps(review)} />}
    />
  );
}
