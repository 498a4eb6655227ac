import { useEffect } from 'react';
import { trpc } from './trpc';
import { isClientError } from './errors';

/** The local hint the legacy app kept; the server's `user.session` answer always decides. */
export const LOGGED_IN_FLAG = 'isLoggedIn';

/** The `user.session` query key, for cache invalidation outside React (tRPC v11 key shape). */
export const SESSION_QUERY_KEY = [['user', 'session']] as const;

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

/** Record a successful sign-in (or a session check that found a user). */
export function markLoggedIn(): void {
  writeFlag('true');
}

/** Record a sign-out (or a session check that found nobody). */
export function markLoggedOut(): void {
  writeFlag('false');
}

/**
 * The signed-in user from `user.session` (null for a visitor: no 401 to log), shared by every screen
 * through the query cache. Keeps the `isLoggedIn` flag in step with the server's answer.
 */
export function useSession(options: { enabled?: boolean } = {}) {
  const query = trpc.user.session.useQuery(undefined, {
    enabled: options.enabled ?? true,
    staleTime: 30_000,
    retry: (failures, error) => !isClientError(error) && failures < 2,
  });
  const { isSuccess, data } = query;
  const signedOut = isSuccess && data === null;

  useEffect(() => {
    if (!isSuccess) return;
    if (data) markLoggedIn();
    else markLoggedOut();
  }, [isSuccess, data]);

  return {
    ...query,
    user: data ?? undefined,
    isAdmin: data?.accountType === 'admin',
    isUnauthorized: signedOut,
  };
}
