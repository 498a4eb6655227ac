/**
 * `pnpm build` (and the first half of `pnpm start`): builds the web app and compiles the server to JavaScript,
 * each only when its inputs changed since its last build, both at once when both changed. A build's inputs are hashed (file paths, sizes and
 * contents, plus the lockfile) and the hash is kept beside the output; an unchanged checkout starts without
 * building anything. `--force` builds both regardless.
 *
 *   web:    packages/web (vite build, see its package.json)      → packages/web/dist
 *   server: packages/server/src (esbuild, one ES module per entry) → packages/server/dist/{main,cli}.js
 *
 * `--prepare-database` (what `pnpm start` passes): when something is built, the database is also migrated (and
 * seeded when new) as soon as the server is compiled, while the web app still builds, so the server that starts
 * next finds it ready (`pnpm cli db:prepare`; a first start creates the embedded database then).
 *
 * Plain JavaScript run by node (no TypeScript loader to start): checking an unchanged checkout takes tens of
 * milliseconds, which is most of what a second `pnpm start` waits for before the server starts.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

/**
 * @typedef {object} Target
 * @property {string} name
 * @property {string[]} inputs Files and folders whose contents decide the output.
 * @property {string} outDir
 * @property {() => Promise<void>} build
 */

const SKIP = new Set(['node_modules', 'dist', '.artifacts', 'e2e']);

/** @param {string} p @returns {Generator<string>} */
function* filesUnder(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield p;
    return;
  }
  for (const entry of fs.readdirSync(p, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name) || entry.name.endsWith('.test.ts')) continue;
    yield* filesUnder(path.join(p, entry.name));
  }
}

/** @param {string[]} inputs */
function hashInputs(inputs) {
  const h = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(path.join(ROOT, input))) {
      h.update(path.relative(ROOT, file));
      h.update('\0');
      h.update(fs.readFileSync(file));
      h.update('\0');
    }
  }
  return h.digest('hex');
}

/** Runs a package's build script with this node (no package manager to start). @param {string[]} args */
function run(args, cwd = ROOT) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${args.join(' ')} failed (${code ?? signal})`)),
    );
  });
}

const SHARED_INPUTS = ['pnpm-lock.yaml', 'packages/contract/src', 'packages/contract/package.json'];

/** @type {Target[]} */
const targets = [
  {
    name: 'web',
    inputs: ['packages/web', ...SHARED_INPUTS],
    outDir: 'packages/web/dist',
    build: () => run(['scripts/build.mjs'], path.join(ROOT, 'packages/web')),
  },
  {
    name: 'server',
    inputs: ['packages/server/src', 'packages/server/package.json', 'packages/server/scripts', ...SHARED_INPUTS],
    outDir: 'packages/server/dist',
    build: () => run(['--import', 'tsx', 'scripts/build.ts'], path.join(ROOT, 'packages/server')),
  },
];

/** @type {() => void} */
let serverReady = () => {};
const waitForServer = new Promise((resolve) => {
  serverReady = () => resolve(undefined);
});

const HASH_FILE = '.build-inputs';
const prepareDatabase = process.argv.includes('--prepare-database');
/** @type {Promise<unknown>[]} */
const alongside = [];
await Promise.all(
  targets.map(async (t) => {
    const started = Date.now();
    const hash = hashInputs(t.inputs);
    const hashFile = path.join(ROOT, t.outDir, HASH_FILE);
    const previous = fs.existsSync(hashFile) ? fs.readFileSync(hashFile, 'utf8').trim() : '';
    if (!force && previous === hash) {
      console.log(`build: ${t.name} unchanged since its last build (${t.outDir}), skipped`);
      if (t.name === 'server') serverReady();
      return;
    }
    if (prepareDatabase && t.name === 'web') {
      // The compiled server's CLI, once it is there (built now or before), beside the web build.
      const server = waitForServer.then(() => run(['packages/server/dist/cli.js', 'db:prepare']));
      alongside.push(server.then(() => console.log('build: database migrated while the web app was building')));
    }
    await t.build();
    fs.writeFileSync(hashFile, `${hash}\n`);
    console.log(`build: ${t.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s → ${t.outDir}`);
    if (t.name === 'server') serverReady();
  }),
);
await Promise.all(alongside);
