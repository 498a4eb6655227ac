import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { iconModules, lazyChakraGlobalCss } from './vite-plugins';
import { catalogLocale, catalogPart } from './src/i18n/catalog-parts';
import { sharedCatalogs } from './src/i18n/po-plugin';

const api = 'http://127.0.0.1:3000';

const require = createRequire(import.meta.url);
/** react-router's production build: `dist/production` beside the `dist/development` its exports name. */
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json', { paths: [require.resolve('react-router-dom')] })),
  'dist/production',
);

/** Lingui's macros, then the build-time compilation of their English texts (also used by vitest.config.ts). */
export const linguiBabelPlugins = [
  ['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }],
  fileURLToPath(new URL('./scripts/babel-precompile-messages.mjs', import.meta.url)),
];

/**
 * Long-lived vendor chunks for libraries every page loads anyway (a release that only changes
 * our code leaves them cached). Only self-contained libraries go here: Rollup moves a manual
 * chunk's dependencies into it, so a chunk for Chakra would drag in the Ark/Zag state machines
 * of components that only one lazy route uses. Chakra, its theme and the per-component code are
 * split by Rollup along the lazy routes instead; apexcharts stays in the Chart route.
 */
function manualChunks(id: string): string | undefined {
  // A language's catalogs: its public part in one chunk, its app part in another (src/i18n/catalog-parts.ts).
  const file = id.split('?')[0]!;
  const locale = file.endsWith('.po') ? catalogLocale(file) : undefined;
  if (locale) return catalogPart(file) === 'public' ? `catalog-${locale}` : `catalog-app-${locale}`;
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'vendor-react';
  if (/[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/.test(id)) return 'vendor-router';
  if (
    /[\\/]node_modules[\\/](@tanstack[\\/](query-core|react-query)|@trpc[\\/](client|react-query|server))[\\/]/.test(id)
  ) {
    return 'vendor-query';
  }
  if (/[\\/]node_modules[\\/](@emotion[\\/][^\\/]+|stylis)[\\/]/.test(id)) return 'vendor-emotion';
  return undefined;
}

// A function: the plugins are made when Vite asks (vitest.config.ts imports this file before Lingui's config is set).
export default defineConfig(() => ({
  plugins: [
    iconModules(),
    lazyChakraGlobalCss(),
    // Lingui's macros (`Trans`, `t`, `msg`, `plural`) become message lookups. The English text stays in the code
    // (stripMessageField: false): English needs no catalog, so the home page loads none.
    // Their English is compiled here (scripts/babel-precompile-messages.mjs): no ICU parser in the browser.
    react({ babel: { plugins: linguiBabelPlugins } }),
    lingui(),
    sharedCatalogs(),
  ],
  define: {
    // The year the pre-rendered pages were built in: what the footer shows until the page is hydrated.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  resolve: {
    alias: [
      // React Router's production build (its package points every bundler at the development one, which only adds
      // warnings for developers): a little less code on every page, and no warning checks while routing.
      { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
    ],
  },
  build: {
    outDir: 'dist',
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: { manualChunks },
      // Chakra's and Zag's anatomies (`createAnatomy('dialog').parts(...)`) are plain data: those of components
      // the page does not use are dropped (Rollup cannot tell by itself that the call has no side effects).
      // tRPC's packages have no side effects at load but do not say so: what the app does not use (the WebSocket
      // link, the server's helpers) is dropped too.
      treeshake: {
        manualPureFunctions: ['createAnatomy'],
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@trpc[\\/](client|server)[\\/]/.test(id),
      },
    },
  },
  // The contract package is TypeScript source: the build-time renderer (scripts/prerender.mjs) compiles it
  // (node_modules stay imports).
  ssr: { noExternal: ['@vestora/contract'] },
  server: {
    proxy: {
      '/trpc': api,
      '/api': api,
      '/healthz': api,
    },
  },
  preview: {
    proxy: {
      '/trpc': api,
      '/api': api,
      '/healthz': api,
    },
  },
}));
