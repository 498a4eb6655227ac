import { useMemo } from 'react';
import type { TUser } from '@vestora/contract';
import { trpc } from './trpc';
import { useDebounced } from './use-debounced';

/** Most ids one look-up asks for (user.list takes 100). */
const MAX_IDS = 100;

/**
 * Admin view: the users a screen names by id (reviewers, actors, audited accounts), looked up by those ids
 * only (never the whole user list: there may be a hundred thousand). Names already known stay shown while
 * a new set of ids loads.
 */
export function useUserNames(ids: readonly (string | null | undefined)[], enabled = true) {
  // The ids as one string, so a new array with the same ids is not a new query.
  const joined = [...new Set(ids.filter((id): id is string => !!id))].sort().slice(0, MAX_IDS).join(',');
  const key = useMemo(() => (joined ? joined.split(',') : []), [joined]);
  const users = trpc.user.list.useQuery(
    { ids: key, limit: MAX_IDS },
    { enabled: enabled && key.length > 0, staleTime: 60_000, placeholderData: (previous) => previous },
  );
  const byId = useMemo(() => new Map<string, TUser>((users.data?.items ?? []).map((u) => [u.id, u])), [users.data]);
  return { byId, isError: users.isError };
}

/** Admin view: users whose email or name starts with `search` (at most `limit`), for pickers. */
export function useUserSearch(search: string, limit = 20, enabled = true) {
  const settled = useDebounced(search.trim(), 250);
  return trpc.user.list.useQuery(
    { search: settled || undefined, limit },
    { enabled, staleTime: 30_000, placeholderData: (previous) => previous },
  );
}
