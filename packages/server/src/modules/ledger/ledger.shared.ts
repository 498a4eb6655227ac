// Small helpers the money modules (deposit, withdrawal, ledger, audit) share: paging, scoping, wire values.
import { dollarsToCents } from '@vestora/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** Default page size when a caller does not say. */
export const DEFAULT_PAGE_SIZE = 25;

/**
 * Money lists page newest first by the table's `seq` identity column; the cursor is the last seq seen.
 * Anything but digits is refused (it only ever comes back from our own `nextCursor`).
 */
export function parseSeqCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^\d{1,15}$/.test(cursor)) {
    throw new AppError(
      'BAD_INPUT',
      'cursor is not valid: pass back the nextCursor of the previous page, or leave it out.',
    );
  }
  return Number(cursor);
}

/** Turns `limit + 1` rows into `{ items, nextCursor }`: the extra row only tells that there is more. */
export function toPage<R extends { seq: number }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(map), nextCursor: hasMore && last ? String(last.seq) : null };
}

/** ISO timestamp for the wire (both drivers return Date; a string is passed through as PostgreSQL gave it). */
export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** ISO timestamp or null. */
export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/** Wire dollars (already validated by the contract) to cents; a second line of defence. */
export function amountToCents(amount: number): number {
  const cents = dollarsToCents(amount);
  if (cents === null || cents <= 0)
    throw new AppError('BAD_INPUT', 'amount: Amount must be a positive number with at most 2 decimals');
  return cents;
}

/**
 * Which user's rows a list may show: admins any (or all), users only their own. A user who names another
 * user gets FORBIDDEN rather than a silently different list, so a client bug cannot look like "no data".
 */
export function scopeToViewer(viewer: UserRow, requested: string | undefined, what: string): string | undefined {
  if (viewer.account_type === 'admin') return requested;
  if (requested !== undefined && requested !== viewer.id) {
    throw new AppError('FORBIDDEN', `You can only see your own ${what}.`);
  }
  return viewer.id;
}
