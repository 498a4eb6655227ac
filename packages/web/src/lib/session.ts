import { useEffect } from 'react';
import { trpc } from './trpc';
import { isClientError, isUnauthorized } from './errors';

/** The local hint the legacy app kept; the server's `user.me` answer always decides. */
export const LOGGED_IN_FLAG = 'isLoggedIn';

/** The `user.me` query key, for cache invalidation outside React (tRPC v11 key shape). */
export const ME_QUERY_KEY = [['user', 'me']] as const;

function writeFlag(value: 'true' | 'false'): void {
  try {
    localStorage.setItem(LOGGED_IN_FLAG, value);
  } catch {
    // Storage can be disabled (private mode, policies); the flag is only a hint.
  }
}

/** 'true' / 'false' as stored, or null when the flag was never written (or storage is off). */
export function readLoggedInFlag(): boolean | null {
  try {
    const value = localStorage.getItem(LOGGED_IN_FLAG);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

/** Record a successful sign-in (or a `user.me` that succeeded). */
export function markLoggedIn(): void {
  writeFlag('true');
}

/** Record a sign-out (or a `user.me` the server refused). */
export function markLoggedOut(): void {
  writeFlag('false');
}

/**
 * The signed-in user from `user.me`, shared by every screen through the query cache.
 * Keeps the `isLoggedIn` flag in step with the server's answer.
 */
export function useSession(options: { enabled?: boolean } = {}) {
  const query = trpc.user.me.useQuery(undefined, {
    enabled: options.enabled ?? true,
    staleTime: 30_000,
    retry: (failures, error) => !isClientError(error) && failures < 2,
  });
  const { isSuccess, isError, error } = query;

  useEffect(() => {
    if (isSuccess) markLoggedIn();
    else if (isError && isUnauthorized(error)) markLoggedOut();
  }, [isSuccess, isError, error]);

  return {
    ...query,
    user: query.data,
    isAdmin: query.data?.accountType === 'admin',
    isUnauthorized: isError && isUnauthorized(error),
  };
}
