import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { Provider } from './components/ui/provider';
import { isClientError, isUnauthorized } from './lib/errors';
import { SESSION_QUERY_KEY, markLoggedOut } from './lib/session';
import { createTrpcClient, trpc } from './lib/trpc';
import { AppRoutes } from './routes';

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

function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <Provider>
      <QueryClientProvider client={queryClient}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </trpc.Provider>
      </QueryClientProvider>
    </Provider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
