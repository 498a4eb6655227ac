import { type ComponentType, Suspense, isValidElement, lazy, memo, useEffect, useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import { LOCALES, localeOfPath, localePrefix } from '@vestora/contract';
import { PageLoader } from './components/ui/states';
import { withAppTheme } from './components/ui/theme';
import AdminRoute from './features/dashboard/AdminRoute';
import { DashboardSkeleton } from './features/dashboard/DashboardSkeleton';
import { RouteErrorBoundary } from './features/public/RouteErrorPage';
import { activateLocale, currentLocale, loadAppTexts } from './i18n';
import { useHydrated } from './lib/hydration';
import { isPublicPath } from './lib/preferences';

/** A lazily loaded screen that can be loaded ahead of rendering (see preloadRoute). */
type LazyPage<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * React.lazy, plus `preload()`: once preloaded, the component renders at once instead of suspending (its
 * loader answers with an already settled thenable). Hydration needs that: a page pre-rendered at build time
 * must be taken over in one pass, or React would drop the HTML of a boundary that updates while its code is
 * still on the way.
 */
function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  /** What the page needs besides its code when it renders afresh (not when it hydrates a pre-rendered page). */
  fresh?: () => Promise<unknown>,
): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
    });
  const Page = lazy(() => {
    if (!loaded) return Promise.all([load(), fresh?.()]).then(([module]) => module);
    const module = loaded;
    // A thenable that calls back synchronously: React.lazy resolves during this very render.
    return { then: (resolve: (m: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
  });
  return Object.assign(Page, { preload }) as unknown as LazyPage<P>;
}

// Every screen is its own chunk: the home page downloads only what it shows. The pre-rendered public pages use only
// the public pages' recipes (src/components/ui/theme.ts); every other screen brings the app's (`withAppTheme`).
const PublicLayout = lazyPage(() => import('./features/public/PublicLayout'));
// Home's static sections (never hydrated) come with it only when it renders afresh.
const HomePage = lazyPage(
  () => import('./features/public/HomePage'),
  () => import('./features/public/home-static'),
);
const AboutPage = lazyPage(() => import('./features/public/AboutPage'));
const PrivacyPage = lazyPage(() => import('./features/public/PrivacyPage'));
const ContactPage = lazyPage(() => import('./features/public/ContactPage'));
const ReservesPage = lazyPage(() => withAppTheme(import('./features/reserves/ReservesPage')));
const NotFoundPage = lazyPage(() => withAppTheme(import('./features/public/NotFoundPage')));
const SignupPage = lazyPage(() => import('./features/auth/SignupPage'));
const LoginPage = lazyPage(() => import('./features/auth/LoginPage'));
const ForgotPasswordPage = lazyPage(() => import('./features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => withAppTheme(import('./features/auth/ResetPasswordPage')));
const ConfirmEmailPage = lazyPage(() => withAppTheme(import('./features/auth/ConfirmEmailPage')));

// The app's screens bring their texts (the public pages load only theirs: src/i18n/catalog-parts.ts).
const DashboardLayout = lazyPage(async () => {
  const [layout] = await Promise.all([withAppTheme(import('./features/dashboard/DashboardLayout')), loadAppTexts()]);
  return layout;
});
const InvestmentsPage = lazyPage(() => withAppTheme(import('./features/plans/InvestmentsPage')));
const CreatePlanPage = lazyPage(() => withAppTheme(import('./features/plans/CreatePlanPage')));
const EditPlanPage = lazyPage(() => withAppTheme(import('./features/plans/EditPlanPage')));
const UsersPage = lazyPage(() => withAppTheme(import('./features/users/UsersPage')));
const ChartPage = lazyPage(() => withAppTheme(import('./features/market/ChartPage')));
const RewardsPage = lazyPage(() => withAppTheme(import('./features/reward/RewardsPage')));
const DepositPage = lazyPage(() => withAppTheme(import('./features/deposit/DepositPage')));
const ReferralPage = lazyPage(() => withAppTheme(import('./features/referral/ReferralPage')));
const WithdrawalPage = lazyPage(() => withAppTheme(import('./features/withdrawal/WithdrawalPage')));
const SettingsPage = lazyPage(() => withAppTheme(import('./features/settings/SettingsPage')));
const NotificationsPage = lazyPage(() => withAppTheme(import('./features/notification/NotificationsPage')));
const TransactionsPage = lazyPage(() => withAppTheme(import('./features/ledger/TransactionsPage')));
const MoneyDeskPage = lazyPage(() => withAppTheme(import('./features/money-desk/MoneyDeskPage')));
const StatementsPage = lazyPage(() => withAppTheme(import('./features/statements/StatementsPage')));
const InvestmentDetailPage = lazyPage(() => withAppTheme(import('./features/investment/InvestmentDetailPage')));
const AdminOverviewPage = lazyPage(() => withAppTheme(import('./features/overview/AdminOverviewPage')));
const OutboxPage = lazyPage(() => withAppTheme(import('./features/mail/OutboxPage')));
const InboxPage = lazyPage(() => withAppTheme(import('./features/inbox/InboxPage')));
const SiteSettingsPage = lazyPage(() => withAppTheme(import('./features/site-settings/SiteSettingsPage')));
const TradePage = lazyPage(() => withAppTheme(import('./features/trade/TradePage')));
const PortfolioPage = lazyPage(() => withAppTheme(import('./features/trade/PortfolioPage')));
const OrdersPage = lazyPage(() => withAppTheme(import('./features/orders/OrdersPage')));
const CoinsPage = lazyPage(() => withAppTheme(import('./features/trade/CoinsPage')));
const VerificationPage = lazyPage(() => withAppTheme(import('./features/kyc/VerificationPage')));
const IdentityReviewsPage = lazyPage(() => withAppTheme(import('./features/kyc/IdentityReviewsPage')));
const IdentityReviewPage = lazyPage(() => withAppTheme(import('./features/kyc/ReviewPage')));
const NewsletterLinkPage = lazyPage(() => withAppTheme(import('./features/public/NewsletterLinkPage')));

/**
 * The route table. The dashboard layout is the auth guard; AdminRoute guards
 * the admin screens (non-admins go to /dashboard). Layouts hold their own Suspense, so the
 * header or sidebar stays on screen while a page chunk loads.
 */
const publicPages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'about', element: <AboutPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'contact', element: <ContactPage /> },
  { path: 'reserves', element: <ReservesPage /> },
  { path: 'create-account', element: <SignupPage /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'newsletter/confirm', element: <NewsletterLinkPage action="confirm" /> },
  { path: 'newsletter/unsubscribe', element: <NewsletterLinkPage action="unsubscribe" /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'confirm-email', element: <ConfirmEmailPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  // The public pages in English at `/`, and in each other language under its prefix (`/de/about`).
  ...LOCALES.map((locale) => {
    const prefix = localePrefix(locale).slice(1);
    return prefix
      ? { path: prefix, element: <PublicLayout />, children: publicPages }
      : { element: <PublicLayout />, children: publicPages };
  }),
  {
    path: 'dashboard',
    element: <DashboardLayout />,
    children: [
      { index: true, element: <InvestmentsPage home /> },
      { path: 'investments', element: <InvestmentsPage /> },
      { path: 'investments/:id', element: <InvestmentDetailPage /> },
      { path: 'chart', element: <ChartPage /> },
      { path: 'rewards', element: <RewardsPage /> },
      { path: 'deposit', element: <DepositPage /> },
      { path: 'referral', element: <ReferralPage /> },
      { path: 'cashout', element: <WithdrawalPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'notifications', element: <NotificationsPage /> },
      { path: 'transactions', element: <TransactionsPage /> },
      { path: 'trade', element: <TradePage /> },
      { path: 'portfolio', element: <PortfolioPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'verification', element: <VerificationPage /> },
      {
        element: <AdminRoute />,
        children: [
          { path: 'overview', element: <AdminOverviewPage /> },
          { path: 'user', element: <UsersPage /> },
          { path: 'CreateInvestmentPlan', element: <CreatePlanPage /> },
          { path: 'createInvestmentEdit/:id', element: <EditPlanPage /> },
          { path: 'money-desk', element: <MoneyDeskPage /> },
          { path: 'statements', element: <StatementsPage /> },
          { path: 'outbox', element: <OutboxPage /> },
          { path: 'inbox', element: <InboxPage /> },
          { path: 'site-settings', element: <SiteSettingsPage /> },
          { path: 'coins', element: <CoinsPage /> },
          { path: 'identity-reviews', element: <IdentityReviewsPage /> },
          { path: 'identity-reviews/:id', element: <IdentityReviewPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Loads the code of every screen `pathname` shows (layout and page), so it renders without suspending. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
      const preload = (type as Partial<LazyPage<object>> | undefined)?.preload;
      return preload ? preload() : undefined;
    }),
  );
}

/** A new page starts at the top (unless the URL targets an anchor). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** A public page's path says its language (`/de/about`; none is English): moving between them switches it. */
function LocaleFollowsPath() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isPublicPath(pathname)) return;
    const wanted = localeOfPath(pathname) ?? 'en';
    if (wanted !== currentLocale()) void activateLocale(wanted);
  }, [pathname]);
  return null;
}

/** The routes at `location`; memoised, so a re-render of AppRoutes with the same location costs nothing. */
const RoutesAt = memo(function RoutesAt({ location }: { location: Location }) {
  return useRoutes(routes, location);
});

/**
 * The app's routes. Declarative routing (useRoutes in a BrowserRouter) rather than a data
 * router: it is ~17 KB gzip lighter on every page and the app loads its data with React Query.
 */
export function AppRoutes() {
  const location = useLocation();
  const { pathname } = location;
  // A pre-rendered page was rendered for its path alone: while React hydrates it, the pages see that path
  // without the query string or history state (a `?next=` or a "Registration successful!" would otherwise
  // differ from the HTML), then the real location.
  const hydrated = useHydrated();
  const bare = useMemo<Location>(() => ({ pathname, search: '', hash: '', state: null, key: 'default' }), [pathname]);
  const onlyInBrowser = location.search !== '' || location.state != null;
  const shown = hydrated || !onlyInBrowser ? location : bare;
  // The same elements while the shown location stays the same: a re-render of AppRoutes (the flip above)
  // must not reach the Suspense boundary below, or React would hydrate the whole page at once, in one task.
  const content = useMemo(
    () => (
      <RouteErrorBoundary resetKey={shown.pathname}>
        {/* The dashboard's frame while its code loads (it then stays, see DashboardLayout): no blank page. */}
        <Suspense fallback={isPublicPath(shown.pathname) ? <PageLoader minH="100vh" /> : <DashboardSkeleton />}>
          <RoutesAt location={shown} />
        </Suspense>
      </RouteErrorBoundary>
    ),
    [shown],
  );
  return (
    <>
      <ScrollToTop />
      <LocaleFollowsPath />
      {content}
    </>
  );
}
