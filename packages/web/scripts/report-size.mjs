// Prints the gzip size of the JavaScript the home page loads, from Vite's build manifest.
//   initial JS   = the entry chunk + every chunk it imports statically (what index.html loads)
//   home page JS = initial JS + the lazy chunks of the "/" route (public layout + home page) and
//                  their static imports: everything a visitor to / downloads before the page shows.
// Other lazy route chunks (dashboard, chart with apexcharts, ...) are not counted.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.env.REPORT_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch {
  console.error(`report-size: ${manifestPath} not found; run vite build with build.manifest enabled.`);
  process.exit(1);
}

const HOME_ROUTE_MODULES = ['src/features/public/PublicLayout.tsx', 'src/features/public/HomePage.tsx'];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('report-size: no entry chunk in the manifest.');
  process.exit(1);
}

/** The chunk keys reachable from `keys` through static imports, in load order. */
function withStaticImports(keys, seen = new Set()) {
  const out = [];
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    out.push(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return out;
}

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const buffer = readFileSync(join(dist, file));
    sizes.set(file, { raw: statSync(join(dist, file)).size, gzip: gzipSync(buffer, { level: 9 }).length });
  }
  return sizes.get(file);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const seen = new Set();
const initial = withStaticImports([entryKey], seen);
const missingHome = HOME_ROUTE_MODULES.filter((key) => !manifest[key]);
const homeRoute = withStaticImports(HOME_ROUTE_MODULES, seen);

function printGroup(title, keys) {
  let gzip = 0;
  console.log(title);
  for (const key of keys) {
    const { file } = manifest[key];
    const size = sizeOf(file);
    gzip += size.gzip;
    console.log(`  ${file.padEnd(48)} ${kb(size.raw).padStart(10)} raw ${kb(size.gzip).padStart(10)} gzip`);
  }
  return gzip;
}

console.log('');
const initialGzip = printGroup('Initial chunks (entry + static imports):', initial);
const homeGzip = printGroup('Home route chunks (lazy "/" route + their static imports):', homeRoute);
if (missingHome.length) console.log(`  (not in manifest: ${missingHome.join(', ')})`);
console.log('');
console.log(`initial JS (gzip): ${kb(initialGzip)}`);
console.log(`home page JS (gzip): ${kb(initialGzip + homeGzip)}`);
const lazyCount =
  Object.values(manifest).filter((c) => c.file.endsWith('.js')).length - initial.length - homeRoute.length;
console.log(`(${lazyCount} other lazy chunks are loaded only by the routes that need them)`);
