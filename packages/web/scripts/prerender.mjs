// Pre-renders the public pages (scripts/build.mjs runs it beside `vite build`): for each page of entry-server's
// `prerenderPages`, React renders the page at build time (`renderPages`, through Vite's server-side module
// loading: only the public pages' modules are compiled, and no second bundle is built) and the result goes into a
// copy of dist/index.html (at dist/pages/...) with the CSS it uses inlined and its <title> (`writePages`, once
// `vite build` has written dist/). The browser paints the page from that HTML alone; only then does a small
// loader (dist/assets/boot-<hash>.js) fetch the app's code (the entry, its imports and the page's route chunks,
// in parallel) and React takes the page over.
// The server sends these files for their paths; every other route gets dist/index.html (empty #root), which
// loads the app at once as Vite wrote it.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

// React's production build: what the browser runs, and no development-only warnings in the output.
process.env.NODE_ENV = 'production';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webDir, 'dist');

/**
 * Every public page rendered with React (entry-server.tsx's `render`), loaded through a Vite server in
 * middleware mode with the build's configuration and plugins: what `writePages` needs but the client build.
 */
export async function renderPages() {
  const vite = await createServer({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { prerenderPages, render, localeHead } = await vite.ssrLoadModule('/src/entry-server.tsx');
    const pages = [];
    for (const page of prerenderPages) pages.push({ page, head: localeHead(page.path), ...(await render(page.path)) });
    return pages;
  } finally {
    await vite.close();
  }
}

/**
 * The theme menus of a page (`<select data-theme-menu>`, see ThemeMenu) with `theme` selected instead of what the
 * page was rendered with ("System theme"): before any script runs, the menu names the theme the copy is in.
 */
export function themeMenusChoosing(html, theme) {
  let menus = 0;
  const out = html.replace(/<select[^>]*\bdata-theme-menu=""[^>]*>[\s\S]*?<\/select>/g, (select) => {
    menus += 1;
    return select
      .replace(/ selected=""/g, '')
      .replace(new RegExp(`<option value="${theme}"`), `<option value="${theme}" selected=""`);
  });
  if (menus > 0 && !out.includes(`<option value="${theme}" selected=""`))
    throw new Error(`prerender: a theme menu has no option "${theme}"`);
  return out;
}

/** The rendered pages into copies of dist/index.html, named in each the modules it loads (dist/ is built). */
export function writePages(rendered) {
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

  const ROOT = '<div id="root"></div>';
  const ENTRY_TAGS = /\s*<(script type="module"|link rel="modulepreload")[^>]*>(<\/script>)?/g;
  if (!template.includes(ROOT) || !/<title>[^<]*<\/title>/.test(template) || !ENTRY_TAGS.test(template)) {
    throw new Error('prerender: dist/index.html lacks <div id="root"></div>, a <title> or the entry script.');
  }

  /** Manifest keys reachable from `keys` through static imports, in load order. */
  function withStaticImports(keys) {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      if (!manifest[key])
        throw new Error(`prerender: ${key} is not in the build manifest (renamed? see entry-server.tsx)`);
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return [...seen];
  }

  /** The same keys, each after everything it imports (the order the browser evaluates them in). */
  function dependenciesFirst(keys) {
    const order = [];
    const visit = (key) => {
      if (order.includes(key)) return;
      for (const imported of manifest[key].imports ?? []) visit(imported);
      order.push(key);
    };
    keys.forEach(visit);
    return order;
  }

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryChunks = withStaticImports([entryKey]);
  const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  // The loader: once the page has painted (the frame after the first), it preloads the modules the page named
  // (so they download in parallel, not one import after the other), then evaluates the entry's imports one
  // chunk per task and the entry last (one long task would keep the page from answering input meanwhile).
  // Fetching nothing before the first paint leaves the connection to the document and keeps that paint
  // independent of the code.
  const entryUrl = `/${manifest[entryKey].file}`;
  const boot = `// Written by scripts/prerender.mjs. Loads the app after the pre-rendered page has painted.
const entry = ${JSON.stringify(entryUrl)};
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const start = async () => {
  const meta = document.querySelector('meta[name="app-modules"]');
  const modules = (meta ? meta.content : '').split(' ').filter(Boolean);
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const href of modules.slice(0, modules.indexOf(entry))) {
    await import(href);
    await nextTask();
  }
  await import(entry);
};
// A page opened in a background tab paints nothing until shown: no reason to wait there.
if (document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(start, 0));
`;
  const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(dist, bootFile), boot);

  /** The public part of a language's catalogs (one chunk, see src/i18n/catalog-parts.ts), loaded beside the page's code. */
  function catalogKeys(locale) {
    if (!locale || locale === 'en') return [];
    const key = Object.keys(manifest).find((k) => manifest[k].name === `catalog-${locale}`);
    if (!key) throw new Error(`prerender: no catalog chunk for ${locale} in the build manifest`);
    // The list of catalog files, which the page reads first (src/i18n/catalog-files.ts).
    return ['src/i18n/catalog-files.ts', key];
  }

  /**
   * A page in each theme: as is (no class: the CSS follows the system's light or dark), and forced light or dark
   * (`X.light.html`, `X.dark.html`), which the server sends to a visitor whose theme cookie says so. No script is
   * needed for the right first paint.
   */
  function writeThemed(file, html) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    for (const theme of ['light', 'dark']) {
      const themed = themeMenusChoosing(
        html.replace(/<html([^>]*)>/, (_, attrs) => `<html${attrs} class="${theme}">`),
        theme,
      );
      writeFileSync(file.replace(/\.html$/, `.${theme}.html`), themed);
    }
  }

  // The app's own shell (dist/index.html: the dashboard and every page not pre-rendered) in each theme too.
  writeThemed(join(dist, 'index.html'), template);

  for (const {
    page,
    head: { lang, dir, links },
    html,
    styleTags,
    title,
    noscript,
  } of rendered) {
    // The CSP allows no inline script: the rendered page must not need one.
    if (/<script/i.test(html)) throw new Error(`prerender ${page.path}: the rendered HTML contains a <script>`);
    const chunks = withStaticImports([entryKey, ...page.modules, ...catalogKeys(page.locale)]);
    // The entry's imports (dependencies first), the entry, then the page's route chunks.
    const modules = [...dependenciesFirst([entryKey]), ...chunks.filter((key) => !entryChunks.includes(key))].map(
      (key) => `/${manifest[key].file}`,
    );
    const css = chunks.flatMap((key) => manifest[key].css ?? []).map((f) => `    <link rel="stylesheet" href="/${f}">`);
    const head = [
      ...links.map((link) => `    ${link}`),
      ...css,
      `    <meta name="app-modules" content="${modules.join(' ')}">`,
      // Low priority: nothing about the first paint waits for it.
      `    <script type="module" fetchpriority="low" src="/${bootFile}"></script>`,
      `    ${styleTags}`,
    ];
    const out = template
      .replace(ENTRY_TAGS, '')
      .replace(/<html lang="[^"]*">/, `<html lang="${lang}" dir="${dir}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `${head.join('\n')}\n  </head>`)
      .replace(ROOT, `<div id="root">${html}</div>`)
      .replace(/<noscript>[\s\S]*?<\/noscript>/, `<noscript>${escapeHtml(noscript)}</noscript>`);
    if (!out.includes(`<html lang="${lang}" dir="${dir}">`))
      throw new Error(`prerender ${page.path}: <html lang> not set`);
    const file = join(dist, page.file);
    writeThemed(file, out);
    console.log(`prerendered ${page.path.padEnd(18)} -> dist/${page.file} (${(out.length / 1024).toFixed(1)} KB)`);
  }
  console.log(`prerendered ${rendered.length} pages (loader: dist/${bootFile})`);
}
