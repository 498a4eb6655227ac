/** What other packages may import: the router's type (web, typed callers) and nothing that runs. */
export type { AppRouter } from './trpc/router.ts';
