import { tr } from '@vestora/contract';
// Cursor paging shared by every list that pages newest first by a `seq` identity column.
import { AppError } from './errors.ts';

/** Default page size when a caller does not say. */
export const DEFAULT_PAGE_SIZE = 25;

/** What a list procedure answers: one page and the cursor of the next (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The cursor is the last seq seen. Anything but digits is refused (it only ever comes back from our own
 * `nextCursor`).
 */
export function parseSeqCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^\d{1,15}$/.test(cursor)) {
    throw new AppError(
      'BAD_INPUT',
      tr('paging.badCursor', 'cursor is not valid: pass back the nextCursor of the previous page, or leave it out.'),
    );
  }
  return Number(cursor);
}

/** Turns `limit + 1` rows into `{ items, nextCursor }`: the extra row only tells that there is more. */
export function toPage<R extends { seq: number }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(map), nextCursor: hasMore && last ? String(last.seq) : null };
}
