import { createTRPCReact, httpLink } from '@trpc/react-query';
import type { AppRouter } from '@vestora/server';

/** Typed tRPC hooks for every procedure of the server's AppRouter (types only, no server code). */
export const trpc = createTRPCReact<AppRouter>();

/**
 * The one client: plain JSON (no transformer), session cookie sent with every call. One request per call
 * (httpLink, not httpBatchLink): the server refuses batches of more than 10 calls and any batch carrying
 * user.login or user.signup, so a batching link would need splitLink for those and maxItems <= 10.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpLink({
        url: '/trpc',
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}
