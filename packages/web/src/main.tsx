import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app';
import { keepGlobalCssOfPage } from './components/ui/provider';
import { getSystem } from './components/ui/theme';
import { activateLocale } from './i18n';
import { initialLocale } from './lib/preferences';
import { AppRoutes, preloadRoute } from './routes';

/** Lets the browser handle input and paint between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

async function start(container: HTMLElement) {
  // Start-up in separate tasks rather than one long one (evaluating the code, building the design system,
  // rendering): the page stays responsive while it comes to life.
  // A chunk that fails to download here is tried again (and reported) when React renders its route.
  const routeCode = preloadRoute(window.location.pathname).catch(() => undefined);
  // The page's language (a pre-rendered page was rendered in it): its catalogs load beside the route's code.
  const language = activateLocale(initialLocale(window.location.pathname)).catch(() => activateLocale('en'));
  await nextTask();
  const prerendered = container.firstElementChild !== null;
  if (prerendered) keepGlobalCssOfPage();
  getSystem();
  // An empty page (the dashboard and every route not pre-rendered) renders as soon as its language is there:
  // the route table shows the page's frame (DashboardSkeleton) while the route's code is still arriving.
  if (!prerendered) {
    await language;
    createRoot(container).render(app);
    return;
  }
  await routeCode;
  await language;
  await nextTask();
  // A public page pre-rendered at build time (scripts/prerender.mjs) arrives with its HTML: React takes it
  // over in one pass (its code is loaded: nothing suspends), as a transition so the work is split into
  // short slices.
  startTransition(() => void hydrateRoot(container, app));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
