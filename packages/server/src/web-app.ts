import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  THEME_COOKIE,
  THEMES,
  type TTheme,
  isAppRoute,
  localeFromAcceptLanguage,
  localeOfPath,
  matchLocale,
  pathInLocale,
  tr,
} from '@vestora/contract';
import { AppError } from './lib/errors.ts';

/** Hashed build output (`/assets/name-<hash>.js`): its name changes whenever its content does. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (HTML above all): the browser may keep it but asks again (ETag) before each use. */
export const REVALIDATE_CACHE = 'no-cache';

/** Where the build puts the pre-rendered public pages (packages/web/scripts/prerender.mjs). */
const PAGES_DIR = 'pages';

/** A page's copies forced into one theme (`about.dark.html` beside `about.html`), chosen by the theme cookie. */
const THEMED = /\.(light|dark)\.html$/;

/**
 * The pre-rendered pages of the build: URL path -> file under distDir (`pages/index.html` is `/`,
 * `pages/login.html` is `/login`, `pages/de/index.html` is `/de` and `/de/`, `pages/de/about.html` is `/de/about`).
 */
export function prerenderedPages(distDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string, prefix: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
        continue;
      }
      const name = entry.name;
      if (!name.endsWith('.html') || THEMED.test(name)) continue;
      const file = `${PAGES_DIR}${prefix}/${name}`;
      if (name === 'index.html') {
        pages.set(prefix || '/', file);
        if (prefix) pages.set(`${prefix}/`, file);
      } else {
        pages.set(`${prefix}/${name.slice(0, -'.html'.length)}`, file);
      }
    }
  };
  walk(path.join(distDir, PAGES_DIR), '');
  return pages;
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Where a request for an English public page (no language prefix) should go instead: the same page in the
 * visitor's language, from their saved choice (cookie) or else their browser's (Accept-Language). Undefined
 * when English is right (or chosen), or for the dashboard (which has no language paths).
 */
export function localeRedirect(
  pathname: string,
  search: string,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): string | undefined {
  if (localeOfPath(pathname) || pathname.toLowerCase().startsWith('/dashboard') || !isAppRoute(pathname))
    return undefined;
  const wanted =
    matchLocale(cookieOf(cookie, LOCALE_COOKIE)) ?? localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
  if (wanted === DEFAULT_LOCALE) return undefined;
  return `${pathInLocale(pathname, wanted)}${search}`;
}

/** The theme the visitor chose on this browser (the cookie the theme menu writes), if any. */
export function themeCookieOf(cookie: string | undefined): TTheme | undefined {
  const theme = cookieOf(cookie, THEME_COOKIE);
  return THEMES.find((t) => t === theme);
}

/** The copy of an HTML file in `theme` (`x.dark.html`), when the build wrote one. */
function themedFile(distDir: string, file: string, theme: TTheme | undefined): string {
  if (theme !== 'light' && theme !== 'dark') return file;
  const themed = file.replace(/\.html$/, `.${theme}.html`);
  return fs.existsSync(path.join(distDir, themed)) ? themed : file;
}

/** A file URL, or a page route the web app handles (everything else that is a GET and not an API). */
function looksLikeFile(pathname: string): boolean {
  return (
    pathname.startsWith('/assets/') || /\.(m?js|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|json|txt)$/i.test(pathname)
  );
}

/**
 * Serves the built web app from `distDir` (packages/web/dist):
 * - files as the build compressed them (`x.br` / `x.gz` beside `x`, picked by Accept-Encoding, with
 *   `Vary: Accept-Encoding`; nothing is compressed per request);
 * - hashed `/assets/*` cached for a year (immutable), everything else `no-cache` (revalidated by ETag);
 * - a pre-rendered public page for its path (`/`, `/login`, `/de/about`...), whatever the query string, in the
 *   visitor's theme (cookie); an English page redirects (302) to the visitor's language when they chose or
 *   their browser asks for another one;
 * - index.html (empty #root) for any other GET that is not an API or a file: client-side routing, with 200 when
 *   the path is one of the app's routes (APP_ROUTES) and 404 otherwise (the app then shows its Page Not Found);
 * - 404 for a missing file (an old chunk, a typo), never the app in its place.
 */
export interface WebAppOptions {
  /**
   * The theme saved on the account of the request's session, for a browser without a theme cookie (a member on
   * a new device): the page is served in it, so it paints right before any script asks the server.
   */
  accountTheme?: (req: FastifyRequest) => Promise<TTheme | undefined>;
}

export function registerWebApp(app: FastifyInstance, distDir: string, opts: WebAppOptions = {}): void {
  const indexFile = path.join(distDir, 'index.html');
  const hasDist = fs.existsSync(indexFile);
  if (hasDist) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // `/` is answered below like every page (language and theme), not as dist/'s directory index.
      index: false,
      allowedPath: (pathname) => pathname !== '/',
      preCompressed: true,
      setHeaders(res, filePath) {
        // filePath is the file sent: `x.js.br` when the brotli copy was chosen.
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        res.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    });
  }
  const pages = hasDist ? prerenderedPages(distDir) : new Map<string, string>();
  /** The account's theme, or undefined (nobody signed in, or the database cannot say: the page is served as is). */
  const accountThemeOf = async (req: FastifyRequest): Promise<TTheme | undefined> => {
    try {
      return await opts.accountTheme?.(req);
    } catch (err) {
      req.log.warn({ err }, 'the account theme could not be read; serving the page in the system theme');
      return undefined;
    }
  };

  // Page routes are answered here, after the static files (`/` and `/login` are not files): no route of their
  // own, so the route table stays the API's.
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    // /metrics without METRICS_TOKEN has no route: a probe gets a 404, not the web page with 200.
    const isApi = pathname.startsWith('/api/') || pathname.startsWith('/trpc') || pathname === '/metrics';
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (isRead && !isApi && looksLikeFile(pathname)) {
      return reply.code(404).header('cache-control', REVALIDATE_CACHE).type('text/plain').send('Not found');
    }
    if (isRead && !isApi && hasDist) {
      // Pages differ by the visitor's language (a redirect) and theme (the file): caches must key on both.
      reply.header('vary', 'Cookie, Accept-Language');
      const search = req.url.slice(pathname.length);
      const redirect = localeRedirect(pathname, search, req.headers.cookie, req.headers['accept-language']);
      if (redirect) return reply.code(302).header('cache-control', REVALIDATE_CACHE).redirect(redirect);
      const theme = themeCookieOf(req.headers.cookie) ?? (await accountThemeOf(req));
      const file = themedFile(distDir, pages.get(pathname) ?? 'index.html', theme);
      return reply.code(isAppRoute(pathname) ? 200 : 404).sendFile(file);
    }
    if (req.method === 'GET' && !isApi) {
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built yet. Run `pnpm build` (or `pnpm start`).');
    }
    throw new AppError(
      'NOT_FOUND',
      tr('request.noEndpoint', 'No such endpoint: {method} {path}', { method: req.method, path: pathname }),
    );
  });
}
