import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type {
  TAuditListInput,
  TDepositItem,
  TDepositListInput,
  TUsdLedgerEntry,
  TLedgerListInput,
  TWithdrawal,
  TWithdrawalListInput,
} from '@vestora/contract';
import { isBankDeposit, usdLines } from '@vestora/contract';
import { trpc } from './trpc';

/** Largest page the lists accept; used when walking every page (CSV, look-ups). */
export const MAX_PAGE = 100;
/** Rows per page on screen. */
export const PAGE_SIZE = 20;

/** Refreshes everything a money action can change: balances, lists, ledger, audit, rewards. */
export function useInvalidateMoney() {
  const utils = trpc.useUtils();
  return useCallback(
    () =>
      Promise.all([
        utils.user.session.invalidate(),
        utils.user.list.invalidate(),
        utils.deposit.list.invalidate(),
        utils.withdrawal.list.invalidate(),
        utils.ledger.invalidate(),
        utils.audit.list.invalidate(),
        utils.reward.list.invalidate(),
        utils.overview.counts.invalidate(),
      ]),
    [utils],
  );
}

/** Every ledger entry of `userId` (or of the caller), newest first, walking all pages. */
export function useFetchAllLedgerEntries() {
  const utils = trpc.useUtils();
  return useCallback(
    async (userId?: string): Promise<TUsdLedgerEntry[]> => {
      const all: TUsdLedgerEntry[] = [];
      let cursor: string | undefined;
      // A guard against a server that keeps answering the same cursor.
      for (let pages = 0; pages < 10_000; pages++) {
        const page = await utils.client.ledger.list.query({ limit: MAX_PAGE, cursor, userId });
        all.push(...usdLines(page.items));
        if (!page.nextCursor || page.nextCursor === cursor) break;
        cursor = page.nextCursor;
      }
      return all;
    },
    [utils],
  );
}

export type ReferencedRecord = { type: 'deposit'; record: TDepositItem } | { type: 'withdrawal'; record: TWithdrawal };

/**
 * The deposit or withdrawal a ledger entry points at. There is no by-id procedure, so this walks the
 * owner's list (newest first, so recent entries are found on the first page) and caches the answer.
 */
export function useReferencedRecord(
  entry: Pick<TUsdLedgerEntry, 'refType' | 'refId'>,
  options: { userId?: string; enabled: boolean },
) {
  const utils = trpc.useUtils();
  const { refType, refId } = entry;
  return useQuery({
    queryKey: ['money', 'referenced-record', refType, refId, options.userId ?? null],
    enabled: options.enabled && (refType === 'deposit' || refType === 'withdrawal'),
    staleTime: 30_000,
    queryFn: async (): Promise<ReferencedRecord | null> => {
      let cursor: string | undefined;
      for (let pages = 0; pages < 1_000; pages++) {
        const input = { limit: MAX_PAGE, cursor, userId: options.userId };
        if (refType === 'deposit') {
          const page = await utils.client.deposit.list.query(input);
          const record = page.items.find((d) => d.id === refId);
          if (record) return { type: 'deposit', record };
          if (!page.nextCursor || page.nextCursor === cursor) return null;
          cursor = page.nextCursor;
        } else {
          const page = await utils.client.withdrawal.list.query(input);
          const record = page.items.find((w) => w.id === refId);
          if (record) return { type: 'withdrawal', record };
          if (!page.nextCursor || page.nextCursor === cursor) return null;
          cursor = page.nextCursor;
        }
      }
      return null;
    },
  });
}

/**
 * When a review lost a race or targets something gone, the title to show: another admin already
 * reviewed it (409 CONFLICT) or it no longer exists (404). The list is stale; refreshing it is the fix.
 * Null for any other error.
 */
export function staleReviewTitle(error: { data?: { code?: string } | null } | null | undefined): string | null {
  const code = error?.data?.code;
  if (code === 'CONFLICT') return t`Already reviewed by someone else`;
  if (code === 'NOT_FOUND') return t`This request no longer exists`;
  return null;
}

/** tRPC's infinite query on a cursor-paged list: the next page starts at the last page's nextCursor. */
const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

/** The rows of every page loaded so far, next to the infinite query that loaded them. */
function useItems<TQuery extends { data?: { pages: { items: unknown[] }[] } }>(query: TQuery) {
  type TItem = NonNullable<TQuery['data']>['pages'][number]['items'][number];
  const pages = query.data?.pages;
  const items = useMemo((): TItem[] => pages?.flatMap((p) => p.items) ?? [], [pages]);
  return { ...query, items };
}

/**
 * Deposits, bank transfers and Bitcoin payments, newest first, page by page (own for users, everyone's or one
 * user's for admins).
 */
export function useDepositPages(input: Omit<TDepositListInput, 'cursor'>) {
  return useItems(trpc.deposit.list.useInfiniteQuery(input, nextPage));
}

/** Bank deposits only, page by page: the review desk's (Bitcoin payments are credited by the chain, not reviewed). */
export function useBankDepositPages(input: Omit<TDepositListInput, 'cursor'>) {
  const query = useDepositPages(input);
  const items = useMemo(() => query.items.filter(isBankDeposit), [query.items]);
  return { ...query, items };
}

/** Withdrawals, newest first, page by page. */
export function useWithdrawalPages(input: Omit<TWithdrawalListInput, 'cursor'>) {
  return useItems(trpc.withdrawal.list.useInfiniteQuery(input, nextPage));
}

/** USD ledger entries, newest first, page by page. */
export function useLedgerPages(input: Omit<TLedgerListInput, 'cursor' | 'asset'>) {
  const query = useItems(trpc.ledger.list.useInfiniteQuery(input, nextPage));
  const items = useMemo(() => usdLines(query.items), [query.items]);
  return { ...query, items };
}

/** Audit entries, newest first, page by page (admins). */
export function useAuditPages(input: Omit<TAuditListInput, 'cursor'>) {
  return useItems(trpc.audit.list.useInfiniteQuery(input, nextPage));
}
