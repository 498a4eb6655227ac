/**
 * `pnpm build` (and the first half of `pnpm start`): builds the web app and compiles the server to JavaScript,
 * each only when its inputs changed since its last build. A build's inputs are hashed (file paths, sizes and
 * contents, plus the lockfile) and the hash is kept beside the output; an unchanged checkout starts without
 * building anything. `--force` builds both regardless.
 *
 *   web:    packages/web (vite build, see its package.json)      → packages/web/dist
 *   server: packages/server/src (esbuild, one ES module per entry) → packages/server/dist/{main,cli}.js
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

interface Target {
  name: string;
  /** Files and folders whose contents decide the output. */
  inputs: string[];
  outDir: string;
  build(): void;
}

const SKIP = new Set(['node_modules', 'dist', '.artifacts', 'e2e']);

function* filesUnder(p: string): Generator<string> {
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

function hashInputs(inputs: string[]): string {
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

function run(command: string, args: string[], cwd = ROOT): void {
  const r = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

const SHARED_INPUTS = ['pnpm-lock.yaml', 'packages/contract/src', 'packages/contract/package.json'];

const targets: Target[] = [
  {
    name: 'web',
    inputs: ['packages/web', ...SHARED_INPUTS],
    outDir: 'packages/web/dist',
    build: () => run('pnpm', ['--filter', '@vestora/web', 'build']),
  },
  {
    name: 'server',
    inputs: ['packages/server/src', 'packages/server/package.json', 'packages/server/scripts', ...SHARED_INPUTS],
    outDir: 'packages/server/dist',
    build: () => run('pnpm', ['--filter', '@vestora/server', 'build']),
  },
];

const HASH_FILE = '.build-inputs';
for (const t of targets) {
  const started = Date.now();
  const hash = hashInputs(t.inputs);
  const hashFile = path.join(ROOT, t.outDir, HASH_FILE);
  const previous = fs.existsSync(hashFile) ? fs.readFileSync(hashFile, 'utf8').trim() : '';
  if (!force && previous === hash) {
    console.log(`build: ${t.name} unchanged since its last build (${t.outDir}), skipped`);
    continue;
  }
  t.build();
  fs.writeFileSync(hashFile, `${hash}\n`);
  console.log(`build: ${t.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s → ${t.outDir}`);
}
