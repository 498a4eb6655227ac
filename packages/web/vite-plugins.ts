/** Build steps of the web app that Vite and Rollup do not do by themselves (used by vite.config.ts). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Vite: each react-icons icon as a module of its own. `react-icons/lu` is one module holding all 1,500 Lucide
 * icons; Rollup places a module in one chunk, so every icon any screen uses ended up in the chunk every page
 * loads (23 KB). Here `import { LuX, LuMenu } from 'react-icons/lu'` becomes one import per icon, from a
 * virtual module holding that icon's function alone, and each icon travels with the screens that show it.
 */
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/(lu)['"];?/g;
const PREFIX = 'virtual:react-icon/';

export function iconModules(): Plugin {
  const require = createRequire(import.meta.url);
  const sets = new Map<string, Map<string, string>>();
  /** The icon functions of a set (`lu`), by name, as the package writes them. */
  const iconsOf = (set: string) => {
    let icons = sets.get(set);
    if (!icons) {
      const root = join(dirname(require.resolve('react-icons/lib')), '..');
      const source = readFileSync(join(root, set, 'index.mjs'), 'utf8');
      icons = new Map();
      for (const m of source.matchAll(/^export function (\w+) \(props\) \{\n[^\n]*\n\};$/gm)) icons.set(m[1]!, m[0]);
      sets.set(set, icons);
    }
    return icons;
  };
  return {
    name: 'vestora-icon-modules',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes('react-icons/')) return null;
      const out = code.replace(ICON_IMPORT, (statement: string, names: string, set: string) =>
        names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => {
            const [name, alias] = n.split(/\s+as\s+/);
            return `import { ${name}${alias ? ` as ${alias}` : ''} } from '${PREFIX}${set}/${name}';`;
          })
          // One line, then the statement's own line breaks: the lines below keep their numbers.
          .join(' ')
          .concat('\n'.repeat(statement.split('\n').length - 1)),
      );
      return out === code ? null : { code: out, map: null };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [set = '', name = ''] = id.slice(PREFIX.length + 1).split('/');
      const icon = iconsOf(set).get(name);
      if (!icon) throw new Error(`react-icons/${set} has no icon ${name}`);
      return `import { GenIcon } from 'react-icons/lib';\n${icon}\n`;
    },
  };
}

/**
 * Chakra's `createSystem` builds, besides the system, the CSS of every token, the reset and the global styles
 * (`system._global`, for ChakraProvider to insert): two thirds of its work, done before the first render. A
 * pre-rendered page already has that CSS in its HTML (src/components/ui/provider.tsx does not insert it again),
 * so here it is built on first read instead. Fails the build when Chakra's code no longer reads as expected.
 */
export function lazyChakraGlobalCss(): Plugin {
  const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  return {
    name: 'vestora-lazy-chakra-global-css',
    transform(code, id) {
      if (!/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/.test(id)) return null;
      const returned = /(\n\s*)_global,\n/;
      if (!code.includes(EAGER) || !returned.test(code))
        throw new Error(`lazyChakraGlobalCss: ${id} has changed; update vite-plugins.ts for this Chakra version`);
      const out = code
        .replace(EAGER, 'let _global;')
        .replace(
          returned,
          '$1get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n',
        );
      return { code: out, map: null };
    },
  };
}
