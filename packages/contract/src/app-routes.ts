import { DEFAULT_LOCALE, LOCALES, localePrefix } from './locale.ts';

/**
 * The web app's page routes (packages/web/src/routes.tsx), as path patterns: `:name` is one path segment.
 * The server answers a page request with 200 when its path is one of these and 404 otherwise (still serving
 * the app, which shows its "Page Not Found"). A unit test in the web package keeps this list and the route
 * table equal: add a route to both.
 */
const ROUTES = [
  '/',
  '/about',
  '/privacy',
  '/contact',
  '/reserves',
  '/create-account',
  '/login',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/dashboard',
  '/dashboard/investments',
  '/dashboard/investments/:id',
  '/dashboard/chart',
  '/dashboard/rewards',
  '/dashboard/deposit',
  '/dashboard/referral',
  '/dashboard/cashout',
  '/dashboard/settings',
  '/dashboard/notifications',
  '/dashboard/transactions',
  '/dashboard/trade',
  '/dashboard/portfolio',
  '/dashboard/orders',
  '/dashboard/overview',
  '/dashboard/user',
  '/dashboard/CreateInvestmentPlan',
  '/dashboard/createInvestmentEdit/:id',
  '/dashboard/money-desk',
  '/dashboard/statements',
  '/dashboard/outbox',
  '/dashboard/inbox',
  '/dashboard/site-settings',
  '/dashboard/coins',
  '/dashboard/verification',
  '/dashboard/identity-reviews',
  '/dashboard/identity-reviews/:id',
] as const;

/** The public pages (not the dashboard): each language has a copy under its prefix (`/de/about`). */
const PUBLIC_ROUTES = ROUTES.filter((r) => !r.startsWith('/dashboard'));

export const APP_ROUTES: readonly string[] = [
  ...ROUTES,
  ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((l) =>
    PUBLIC_ROUTES.map((r) => (r === '/' ? localePrefix(l) : `${localePrefix(l)}${r}`)),
  ),
];

const segments = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = APP_ROUTES.map((r) => segments(r.toLowerCase()));

/** Whether the app has a page at `pathname` (case-insensitive and trailing slashes ignored, like its router). */
export function isAppRoute(pathname: string): boolean {
  let parts: string[];
  try {
    parts = segments(decodeURIComponent(pathname).toLowerCase());
  } catch {
    return false;
  }
  return PATTERNS.some(
    (p) => p.length === parts.length && p.every((seg, i) => seg.startsWith(':') || seg === parts[i]),
  );
}
