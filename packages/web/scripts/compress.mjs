// Pre-compresses the build: every text file in dist/ (JS, CSS, HTML, SVG, JSON...) gets a brotli (.br) and a
// gzip (.gz, level 9) copy beside it, which the server sends when the browser accepts them
// (@fastify/static `preCompressed`). Nothing is compressed per request. A copy that would not be smaller
// than the file is not written (the file is then sent as it is).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = process.env.COMPRESS_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest', '.ico']);
const br = promisify(brotliCompress);
/**
 * Brotli's best quality (11) for the hashed assets, kept a year by browsers; quality 8 for the pages: 35 pages in
 * three themes would take 35 s of CPU at 11 (0.3 s each) and take 1.5 s at 8, for a page about 10% larger (~1.7 KB).
 */
const qualityOf = (file) => (extname(file) === '.html' ? 8 : constants.BROTLI_MAX_QUALITY);
const gz = promisify(gzip);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.has(extname(entry.name))) yield path;
  }
}

const started = Date.now();
let raw = 0;
let brotli = 0;
let gzipped = 0;
const queue = [...files(dist)];
async function worker() {
  for (let file = queue.shift(); file; file = queue.shift()) {
    const data = readFileSync(file);
    const [b, g] = await Promise.all([
      br(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: qualityOf(file),
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(data, { level: 9 }),
    ]);
    raw += data.length;
    if (b.length < data.length) writeFileSync(`${file}.br`, b);
    if (g.length < data.length) writeFileSync(`${file}.gz`, g);
    brotli += Math.min(b.length, data.length);
    gzipped += Math.min(g.length, data.length);
  }
}
const count = queue.length;
// The libuv pool runs four compressions at a time.
await Promise.all(Array.from({ length: 4 }, worker));
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `compressed ${count} files in ${relative(process.cwd(), dist) || '.'} in ${Date.now() - started} ms: ` +
    `${kb(raw)} raw, ${kb(gzipped)} gzip, ${kb(brotli)} brotli`,
);
