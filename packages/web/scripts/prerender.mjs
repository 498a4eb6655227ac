// Pre-renders the public pages after `vite build` and `vite build --ssr src/entry-server.tsx`: for each page of
// entry-server's `prerenderPages`, React renders the page at build time and the result goes into a copy of
// dist/index.html (at dist/pages/...) with the CSS it uses inlined, its <title>, and modulepreload links for
// its route chunks, so the browser paints the page from the HTML alone and fetches its code in parallel.
// The server sends these files for their paths; every other route gets dist/index.html (empty #root).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production build: what the browser runs, and no development-only warnings in the output.
process.env.NODE_ENV = 'production';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webDir, 'dist');
const ssrEntry = join(webDir, 'node_modules', '.vestora-ssr', 'entry-server.js');

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const { prerenderPages, render } = await import(pathToFileURL(ssrEntry).href);

const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT) || !template.includes('</head>') || !/<title>[^<]*<\/title>/.test(template)) {
  throw new Error('prerender: dist/index.html lacks <div id="root"></div>, </head> or <title>.');
}

/** Manifest keys reachable from `keys` through static imports. */
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

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const inShell = new Set(withStaticImports([entryKey]));
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const started = Date.now();
for (const page of prerenderPages) {
  const { html, styleTags, title } = await render(page.path);
  // The CSP allows no inline script: the rendered page must not need one.
  if (/<script/i.test(html)) throw new Error(`prerender ${page.path}: the rendered HTML contains a <script>`);
  const chunks = withStaticImports(page.modules).filter((key) => !inShell.has(key));
  const preload = chunks.map((key) => `    <link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
  const css = chunks.flatMap((key) => manifest[key].css ?? []).map((f) => `    <link rel="stylesheet" href="/${f}">`);
  const out = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${[...preload, ...css].join('\n')}\n    ${styleTags}\n  </head>`)
    .replace(ROOT, `<div id="root">${html}</div>`)
    .replace(
      /<noscript>[\s\S]*?<\/noscript>/,
      '<noscript>Signing in, the forms and the live figures need JavaScript.</noscript>',
    );
  const file = join(dist, page.file);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, out);
  console.log(`prerendered ${page.path.padEnd(18)} -> dist/${page.file} (${(out.length / 1024).toFixed(1)} KB)`);
}
console.log(`prerendered ${prerenderPages.length} pages in ${Date.now() - started} ms`);
