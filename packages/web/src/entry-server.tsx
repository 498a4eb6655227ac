/**
 * Build-time rendering of the public pages (scripts/prerender.mjs calls `render` for each of `prerenderPages`):
 * the same providers and routes as the browser (src/main.tsx), a StaticRouter at the page's path, and an
 * emotion cache that collects the CSS those components use, so the HTML paints styled before any script
 * runs. Nothing here fetches: data-backed parts (plans, coins, figures) render their loading skeletons and
 * fill in from the server once the page is live.
 */
import { StrictMode } from 'react';
import { t } from '@lingui/core/macro';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { LOCALES, LOCALE_INFO, localeOfPath, pathInLocale, stripLocalePrefix, type TLocale } from '@vestora/contract';
import { AppProviders } from './app';
import { getSystem } from './components/ui/theme';
import { appRecipes, appSlotRecipes } from './components/ui/theme-app';
import { activateLocale } from './i18n';
import { PageTitleSink } from './lib/page-title';
import { AppRoutes } from './routes';

/** A public page rendered at build time, and the route modules it needs (keys of Vite's manifest). */
export interface PrerenderPage {
  path: string;
  /** Where the HTML goes, relative to dist/. */
  file: string;
  modules: string[];
  /** The page's language (`en` when left out). */
  locale?: TLocale;
}

const PUBLIC_LAYOUT = 'src/features/public/PublicLayout.tsx';
const page = (path: string, file: string, module: string): PrerenderPage => ({
  path,
  file,
  modules: [PUBLIC_LAYOUT, module],
});

/** The public pages a visitor can land on without a token or a session (see routes.tsx), in English. */
const englishPages: PrerenderPage[] = [
  page('/', 'pages/index.html', 'src/features/public/HomePage.tsx'),
  page('/about', 'pages/about.html', 'src/features/public/AboutPage.tsx'),
  page('/privacy', 'pages/privacy.html', 'src/features/public/PrivacyPage.tsx'),
  page('/contact', 'pages/contact.html', 'src/features/public/ContactPage.tsx'),
  page('/login', 'pages/login.html', 'src/features/auth/LoginPage.tsx'),
  page('/create-account', 'pages/create-account.html', 'src/features/auth/SignupPage.tsx'),
  page('/forgot-password', 'pages/forgot-password.html', 'src/features/auth/ForgotPasswordPage.tsx'),
];

/** Where a language's copy of an English page goes: `pages/about.html` -> `pages/de/about.html`. */
const fileIn = (locale: TLocale, file: string) =>
  locale === 'en' ? file : file.replace(/^pages\//, `pages/${pathInLocale('/', locale).slice(1)}`);

/** Every public page in every language: `/about`, `/de/about`, `/ar/about`... */
export const prerenderPages: PrerenderPage[] = LOCALES.flatMap((locale) =>
  englishPages.map((p) => ({ ...p, path: pathInLocale(p.path, locale), file: fileIn(locale, p.file), locale })),
);

/**
 * What a pre-rendered page's head says of its language: `<html lang dir>` and the `hreflang` links to the same
 * page in every language (and `x-default`, the English one).
 */
export function localeHead(path: string): { lang: TLocale; dir: 'ltr' | 'rtl'; links: string[] } {
  const lang = localeOfPath(path) ?? 'en';
  const bare = stripLocalePrefix(path);
  const links = [
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${pathInLocale(bare, l)}">`),
    `<link rel="alternate" hreflang="x-default" href="${bare}">`,
  ];
  return { lang, dir: LOCALE_INFO[lang].dir, links };
}

/**
 * The app's recipes (theme-app.ts) that the pages rendered so far asked for. A pre-rendered page is hydrated
 * without them: one that uses such a component would render unstyled there, so the build fails instead.
 */
const appRecipesAsked = new Set<string>();
let watching = false;
function watchAppRecipes(): void {
  if (watching) return;
  watching = true;
  const theme = (getSystem() as unknown as { _config: { theme: Record<string, Record<string, unknown>> } })._config
    .theme;
  const appKeys = new Set([...Object.keys(appRecipes), ...Object.keys(appSlotRecipes)]);
  for (const kind of ['recipes', 'slotRecipes']) {
    theme[kind] = new Proxy(theme[kind] ?? {}, {
      get(target, key) {
        if (typeof key === 'string' && appKeys.has(key)) appRecipesAsked.add(key);
        return target[key as string];
      },
    });
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

/** The markup of #root for `path`, the <style> tags of the CSS it uses, and its <title>. */
export async function render(
  path: string,
): Promise<{ html: string; styleTags: string; title: string; noscript: string }> {
  await activateLocale(localeOfPath(path) ?? 'en');
  watchAppRecipes();
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const sink: { title?: string } = {};
  // prerender (not renderToString) waits for the lazy route modules, so the HTML holds the real page.
  // One piece of HTML in document order: no boundary is moved out of line (that would need an inline script).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <PageTitleSink value={sink}>
          <AppProviders>
            <StaticRouter location={path}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </PageTitleSink>
      </CacheProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await readAll(prelude);
  if (appRecipesAsked.size > 0) {
    throw new Error(
      `prerender ${path}: uses ${[...appRecipesAsked].join(', ')}, a recipe of theme-app.ts; the public pages are ` +
        'hydrated without those: move it to theme.ts',
    );
  }
  // `data-s`: emotion in the browser registers these styles as present but leaves the tags where they are (without
  // it, it moves each to the end of <head>, which makes the browser restyle the whole page once more at start-up).
  const styleTags = emotion
    .constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html))
    .replace(/<style data-emotion=/g, '<style data-s="" data-emotion=');
  if (!sink.title) throw new Error(`prerender ${path}: the page set no title (usePageTitle)`);
  const noscript = t`Signing in, the forms and the live figures need JavaScript.`;
  return { html, styleTags, title: sink.title, noscript };
}
