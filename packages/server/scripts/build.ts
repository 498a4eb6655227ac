/**
 * Compiles the server to JavaScript for production (`pnpm start`, the Docker image): one ES module per entry
 * (dist/main.js, dist/cli.js) with the workspace's own TypeScript (@vestora/contract) bundled in and every
 * npm dependency left as an import, so `node dist/main.js` runs without a TypeScript loader.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const OUT = path.join(SERVER, 'dist');

fs.rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(SERVER, 'src/main.ts'), cli: path.join(SERVER, 'src/cli.ts') },
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // npm packages stay imports (native addons, wasm and their own files must load from node_modules);
  // workspace packages are TypeScript sources and are compiled in.
  external: Object.keys(pkg.dependencies).filter((d) => !pkg.dependencies[d]!.startsWith('workspace:')),
  logLevel: 'warning',
});
// Read at run time next to the module that loads it (market.snapshot.ts: new URL('./snapshot.json', import.meta.url)).
fs.copyFileSync(path.join(SERVER, 'src/modules/market/snapshot.json'), path.join(OUT, 'snapshot.json'));
// The server's message catalogs (src/i18n/i18n.ts looks for ./locales next to the bundle).
fs.cpSync(path.join(SERVER, 'src/locales'), path.join(OUT, 'locales'), { recursive: true });
