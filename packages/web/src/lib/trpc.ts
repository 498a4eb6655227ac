import { createTRPCReact, httpLink, splitLink } from '@trpc/react-query';
import type { AppRouter } from '@vestora/server';

/** Typed tRPC hooks for every procedure of the server's AppRouter (types only, no server code). */
export const trpc = createTRPCReact<AppRouter>();

/**
 * The one client: plain JSON (no transformer), session cookie sent with every call. One request per call
 * (httpLink, not httpBatchLink): the server refuses batches of more than 10 calls and any batch carrying
 * user.login or user.signup, so a batching link would need splitLink for those and maxItems <= 10.
 *
 * market.coins always goes alone as `GET /trpc/market.coins` (no input, no batch, whatever the other link
 * becomes): the server answers that exact URL from bytes with an ETag and `Cache-Control: public, max-age=30`,
 * so the browser's HTTP cache reuses it and revalidates with If-None-Match (a 304 without a body).
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'query' && op.path === 'market.coins',
        true: httpLink({ url: '/trpc' }),
        false: httpLink({
          url: '/trpc',
          fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
        }),
      }),
    ],
  });
}
