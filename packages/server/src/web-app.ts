import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppRoute, tr } from '@vestora/contract';
import { AppError } from './lib/errors.ts';

/** Hashed build output (`/assets/name-<hash>.js`): its name changes whenever its content does. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (HTML above all): the browser may keep it but asks again (ETag) before each use. */
export const REVALIDATE_CACHE = 'no-cache';

/** Where the build puts the pre-rendered public pages (packages/web/scripts/prerender.mjs). */
const PAGES_DIR = 'pages';

/**
 * The pre-rendered pages of the build: URL path -> file under distDir (`pages/index.html` is `/`,
 * `pages/login.html` is `/login`).
 */
export function prerenderedPages(distDir: string): Map<string, string> {
  const dir = path.join(distDir, PAGES_DIR);
  const pages = new Map<string, string>();
  if (!fs.existsSync(dir)) return pages;
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.html')) continue;
    const route = name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`;
    pages.set(route, `${PAGES_DIR}/${name}`);
  }
  return pages;
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
 * - a pre-rendered public page for its path (`/`, `/login`, ...), whatever the query string;
 * - index.html (empty #root) for any other GET that is not an API or a file: client-side routing, with 200 when
 *   the path is one of the app's routes (APP_ROUTES) and 404 otherwise (the app then shows its Page Not Found);
 * - 404 for a missing file (an old chunk, a typo), never the app in its place.
 */
export function registerWebApp(app: FastifyInstance, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const hasDist = fs.existsSync(indexFile);
  if (hasDist) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // `/` is the directory dist/ itself: its "index" is the pre-rendered home page (other directories have none).
      index: [`${PAGES_DIR}/index.html`],
      preCompressed: true,
      setHeaders(res, filePath) {
        // filePath is the file sent: `x.js.br` when the brotli copy was chosen.
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        res.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    });
  }
  const pages = hasDist ? prerenderedPages(distDir) : new Map<string, string>();

  // Page routes are answered here, after the static files (`/` and `/login` are not files): no route of their
  // own, so the route table stays the API's.
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    // /metrics without METRICS_TOKEN has no route: a probe gets a 404, not the web page with 200.
    const isApi = pathname.startsWith('/api/') || pathname.startsWith('/trpc') || pathname === '/metrics';
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (isRead && !isApi && looksLikeFile(pathname)) {
      return reply.code(404).header('cache-control', REVALIDATE_CACHE).type('text/plain').send('Not found');
    }
    if (isRead && !isApi && hasDist) {
      return reply.code(isAppRoute(pathname) ? 200 : 404).sendFile(pages.get(pathname) ?? 'index.html');
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
