// `pnpm --filter @vestora/web build`: the browser build (`vite build`, in a child process) and the public pages
// rendered with React (scripts/prerender.mjs, in this one) at the same time, on two cores; then the pages are
// written with the modules the browser build named, every text file is compressed (scripts/compress.mjs) and
// what `/` downloads is printed (scripts/report-size.mjs).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// React's production build renders the pages, as the browser runs it.
process.env.NODE_ENV = 'production';
const { renderPages, writePages } = await import('./prerender.mjs');

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function run(args, label) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { cwd: webDir, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) {
        console.log(`build: ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`${label} failed (${code ?? signal})`));
    });
  });
}

const started = Date.now();
const client = run([join(webDir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], 'vite build');
// Settled either way before the pages are written: a failed browser build is reported as such.
client.catch(() => undefined);
const rendered = await renderPages();
console.log(`build: ${rendered.length} pages rendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await client;
writePages(rendered);
await run([join(webDir, 'scripts', 'compress.mjs')], 'compression');
await run([join(webDir, 'scripts', 'report-size.mjs')], 'size report');
console.log(`build: web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
