import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { DEFAULT_LOCALE, LOCALES } from '@vestora/contract';

/**
 * The web app's message catalogs: one per feature folder (src/locales/<locale>/<feature>.po, loaded only by the
 * screens of that feature... and all at once for now) and `common` for the shared components and libraries.
 * `pnpm --filter @vestora/web i18n:extract` writes them from the code's `Trans` / `t` / `msg` macros;
 * `src/i18n/catalogs.test.ts` fails when a catalog is out of date or a translation is missing.
 */
export default defineConfig({
  sourceLocale: DEFAULT_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: DEFAULT_LOCALE },
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['<rootDir>/src/features/{name}/'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/common',
      include: [
        '<rootDir>/src/components/',
        '<rootDir>/src/content/',
        '<rootDir>/src/lib/',
        '<rootDir>/src/i18n/',
        '<rootDir>/src/app.tsx',
        '<rootDir>/src/routes.tsx',
        '<rootDir>/src/main.tsx',
        '<rootDir>/src/entry-server.tsx',
      ],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
});
