import { useMemo } from 'react';
import type { TInvestment, TInvestmentListInput } from '@vestora/contract';
import { trpc } from '../../lib/trpc';

const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

/** Positions, newest first, page by page (own for users; everyone's or one user's for admins). */
export function useInvestmentPages(input: Omit<TInvestmentListInput, 'cursor'>, enabled = true) {
  const query = trpc.investment.list.useInfiniteQuery(input, { ...nextPage, enabled });
  const pages = query.data?.pages;
  const items = useMemo((): TInvestment[] => pages?.flatMap((p) => p.items) ?? [], [pages]);
  return { ...query, items };
}

/** Refreshes what opening or redeeming a position changes: positions, portfolio, balance, ledger, plans. */
export function useInvalidateInvesting() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.investment.invalidate(),
      utils.user.session.invalidate(),
      utils.ledger.invalidate(),
      utils.plan.list.invalidate(),
    ]);
}
