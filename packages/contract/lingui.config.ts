import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { trExtractor } from '../../scripts/i18n/tr-extractor.ts';
import { LOCALES } from './src/locale.ts';

/**
 * The catalog of texts that cross from server to web: the server's error messages and the contract's
 * validation messages, every `tr(id, message, values)` call of packages/contract and packages/server.
 * `pnpm --filter @vestora/contract i18n:extract` rewrites src/locales/<locale>.po (ids, no origins: stable diffs);
 * src/locales.test.ts fails when a catalog is out of date or a translation is missing.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  format: formatter({ origins: false, lineNumbers: false }),
  extractors: [trExtractor],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src', '<rootDir>/../server/src'],
      exclude: ['**/*.test.ts', '**/test/**', '**/node_modules/**'],
    },
  ],
});
