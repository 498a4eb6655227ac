import { Suspense, lazy, useEffect } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PageLoader } from './components/ui/states';
import AdminRoute from './features/dashboard/AdminRoute';
import { RouteErrorBoundary } from './features/public/RouteErrorPage';

// Every screen is its own chunk: the home page downloads only what it shows.
const PublicLayout = lazy(() => import('./features/public/PublicLayout'));
const HomePage = lazy(() => import('./features/public/HomePage'));
const AboutPage = lazy(() => import('./features/public/AboutPage'));
const PrivacyPage = lazy(() => import('./features/public/PrivacyPage'));
const ContactPage = lazy(() => import('./features/public/ContactPage'));
const NotFoundPage = lazy(() => import('./features/public/NotFoundPage'));
const SignupPage = lazy(() => import('./features/auth/SignupPage'));
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('./features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage'));
const ConfirmEmailPage = lazy(() => import('./features/auth/ConfirmEmailPage'));

const DashboardLayout = lazy(() => import('./features/dashboard/DashboardLayout'));
const InvestmentsPage = lazy(() => import('./features/plans/InvestmentsPage'));
const CreatePlanPage = lazy(() => import('./features/plans/CreatePlanPage'));
const EditPlanPage = lazy(() => import('./features/plans/EditPlanPage'));
const UsersPage = lazy(() => import('./features/users/UsersPage'));
const ChartPage = lazy(() => import('./features/market/ChartPage'));
const RewardsPage = lazy(() => import('./features/reward/RewardsPage'));
const DepositPage = lazy(() => import('./features/deposit/DepositPage'));
const ReferralPage = lazy(() => import('./features/referral/ReferralPage'));
const WithdrawalPage = lazy(() => import('./features/withdrawal/WithdrawalPage'));
const SettingsPage = lazy(() => import('./features/settings/SettingsPage'));
const TransactionsPage = lazy(() => import('./features/ledger/TransactionsPage'));
const MoneyDeskPage = lazy(() => import('./features/money/MoneyDeskPage'));
const InvestmentDetailPage = lazy(() => import('./features/investment/InvestmentDetailPage'));
const AdminOverviewPage = lazy(() => import('./features/overview/AdminOverviewPage'));
const OutboxPage = lazy(() => import('./features/mail/OutboxPage'));
const InboxPage = lazy(() => import('./features/inbox/InboxPage'));
const NewsletterLinkPage = lazy(() => import('./features/public/NewsletterLinkPage'));

/**
 * The route table. The dashboard layout is the auth guard; AdminRoute guards
 * the admin screens (non-admins go to /dashboard). Layouts hold their own Suspense, so the
 * header or sidebar stays on screen while a page chunk loads.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'create-account', element: <SignupPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'newsletter/confirm', element: <NewsletterLinkPage action="confirm" /> },
      { path: 'newsletter/unsubscribe', element: <NewsletterLinkPage action="unsubscribe" /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'confirm-email', element: <ConfirmEmailPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: 'dashboard',
    element: <DashboardLayout />,
    children: [
      { index: true, element: <InvestmentsPage /> },
      { path: 'investments', element: <InvestmentsPage /> },
      { path: 'investments/:id', element: <InvestmentDetailPage /> },
      { path: 'chart', element: <ChartPage /> },
      { path: 'rewards', element: <RewardsPage /> },
      { path: 'deposit', element: <DepositPage /> },
      { path: 'referral', element: <ReferralPage /> },
      { path: 'cashout', element: <WithdrawalPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'transactions', element: <TransactionsPage /> },
      {
        element: <AdminRoute />,
        children: [
          { path: 'overview', element: <AdminOverviewPage /> },
          { path: 'user', element: <UsersPage /> },
          { path: 'CreateInvestmentPlan', element: <CreatePlanPage /> },
          { path: 'createInvestmentEdit/:id', element: <EditPlanPage /> },
          { path: 'money-desk', element: <MoneyDeskPage /> },
          { path: 'outbox', element: <OutboxPage /> },
          { path: 'inbox', element: <InboxPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** A new page starts at the top (unless the URL targets an anchor). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/**
 * The app's routes. Declarative routing (useRoutes in a BrowserRouter) rather than a data
 * router: it is ~17 KB gzip lighter on every page and the app loads its data with React Query.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoader minH="100vh" />}>{element}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}
