import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES } from '@vestora/contract';
import { callExtractor } from '../../scripts/i18n/tr-extractor.ts';

/**
 * The server's own texts (#22): e-mails, notifications, statements, written as `tm('id', 'English', values?)`
 * (src/i18n/i18n.ts). `pnpm --filter @vestora/server i18n:extract` writes src/locales/<locale>.po; the server
 * reads them at start-up, and src/i18n/catalog.test.ts fails when they are out of date or incomplete.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  format: formatter({ origins: false, lineNumbers: false }),
  extractors: [callExtractor('tm')],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/test/**', '**/node_modules/**'],
    },
  ],
});
