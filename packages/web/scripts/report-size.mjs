// Prints what a visitor to `/` downloads: the pre-rendered page (dist/pages/index.html), its loader and every
// module it names (the entry, its imports, the home route's chunks), each raw and as sent (gzip and brotli,
// the .gz / .br copies the build wrote beside it). Other lazy route chunks (dashboard, the chart with
// apexcharts, ...) are loaded only by the routes that need them and are not counted.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = process.env.REPORT_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const homeFile = join(dist, 'pages', 'index.html');
if (!existsSync(homeFile)) {
  console.error(`report-size: ${homeFile} not found; run the whole build (vite build, prerender, compress).`);
  process.exit(1);
}
const html = readFileSync(homeFile, 'utf8');
const loader = [...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)].map((m) => m[1]);
const modules = (/<meta name="app-modules" content="([^"]*)"/.exec(html)?.[1] ?? '')
  .split(' ')
  .filter(Boolean)
  .map((url) => url.replace(/^\//, ''));

/** Size of a file raw, and as sent: its .gz / .br copy when the build wrote one, the file itself otherwise. */
function sizes(file) {
  const path = join(dist, file);
  const raw = statSync(path).size;
  const sent = (ext, compress) => {
    if (existsSync(`${path}${ext}`)) return statSync(`${path}${ext}`).size;
    return Math.min(raw, compress(readFileSync(path)).length);
  };
  return { raw, gzip: sent('.gz', gzipSync), brotli: sent('.br', brotliCompressSync) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = { raw: 0, gzip: 0, brotli: 0 };
console.log('');
console.log(`JavaScript for / (${loader.length + modules.length} files):`);
for (const file of [...loader, ...modules]) {
  const s = sizes(file);
  for (const k of Object.keys(total)) total[k] += s[k];
  console.log(
    `  ${file.padEnd(48)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(9)} gzip ${kb(s.brotli).padStart(9)} br`,
  );
}
const page = sizes('pages/index.html');
console.log(
  `HTML for / (pages/index.html, CSS inlined): ${kb(page.raw)} raw, ${kb(page.gzip)} gzip, ${kb(page.brotli)} br`,
);
console.log(`JavaScript for /: ${kb(total.raw)} raw, ${kb(total.gzip)} gzip, ${kb(total.brotli)} br`);
