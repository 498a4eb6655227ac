import { I18nProvider, useLingui } from '@lingui/react';
import { Fragment, type ReactNode, useState } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from './components/ui/provider';
import { isClientError, isUnauthorized } from './lib/errors';
import { useHydrated } from './lib/hydration';
import { SESSION_QUERY_KEY, markLoggedOut } from './lib/session';
import { createTrpcClient, trpc } from './lib/trpc';
import { i18n } from './i18n';

function isProcedure(key: readonly unknown[] | undefined, name: string): boolean {
  const path = key?.[0];
  return Array.isArray(path) && path.join('.') === name;
}

/**
 * When any call says the session is gone, drop the local flag and re-ask `user.session`: its
 * null answer is what sends the dashboard back to /login.
 */
function createQueryClient(): QueryClient {
  const onSessionError = (error: unknown, key: readonly unknown[] | undefined) => {
    // A refused sign-in is wrong credentials, not a lost session.
    if (!isUnauthorized(error) || isProcedure(key, 'user.login')) return;
    markLoggedOut();
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onSessionError(error, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onSessionError(error, mutation.options.mutationKey),
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // 4xx answers will not change on retry; network and 5xx failures get two more tries.
        retry: (failures, error) => !isClientError(error) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/**
 * Until a pre-rendered page is hydrated its buttons and fields have no code behind them: a click would do
 * nothing and a form would submit natively. They stay disabled until then (a fraction of a second after the
 * page shows); links work from the start. `display: contents` keeps the fieldset out of the layout, and
 * `role="presentation"` out of the accessibility tree.
 */
function InteractiveWhenHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} role="presentation" style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}

/**
 * Everything below renders afresh when the language changes: texts, and amounts and dates formatted with `Intl`
 * in the reader's locale (src/lib/format.ts), which do not subscribe to the language themselves.
 */
function RenderedInLocale({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <Fragment key={i18n.locale}>{children}</Fragment>;
}

/**
 * Lingui > Chakra > React Query > tRPC around the router the entry gives (BrowserRouter, or StaticRouter at
 * build). The entry activates the page's language before rendering (src/i18n).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <I18nProvider i18n={i18n}>
      <Provider>
        <QueryClientProvider client={queryClient}>
          <trpc.Provider client={trpcClient} queryClient={queryClient}>
            <InteractiveWhenHydrated>
              <RenderedInLocale>{children}</RenderedInLocale>
            </InteractiveWhenHydrated>
          </trpc.Provider>
        </QueryClientProvider>
      </Provider>
    </I18nProvider>
  );
}
