// One lint config for the monorepo. Besides the recommended rules it encodes the layers (README lists them):
// which folder may import which, and that SQL lives in repos. Every layer message says what to do instead.
// Not type-checked on purpose: `pnpm typecheck` does that, and this stays fast.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const MODULES = 'packages/server/src/modules/**/*.ts';
const REPOS = 'packages/server/src/modules/**/*.repo.ts';
const REST = 'packages/server/src/rest/**/*.ts';

const contextImport = {
  regex: '(^|/)trpc/context(\\.[jt]s)?$',
  message:
    'A module must not depend on the tRPC context. Take what it needs (db, deps, cookies) as a parameter; ' +
    'shared types such as AppDeps and SessionCookies belong in a module-level file (e.g. lib/), not trpc/context.',
};

const sqlTagImport = {
  name: 'kysely',
  importNames: ['sql'],
  message: 'SQL lives in <domain>.repo.ts only: move the query into the repo and call the repo function from here.',
};

const queryBuilderCalls = {
  selector:
    'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|mergeInto)$/]',
  message:
    'SQL lives in <domain>.repo.ts only: move this query into a repo function taking db (or trx) first, and call it.',
};

const restBypasses = [
  {
    group: ['**/*.repo', '**/*.repo.*'],
    allowTypeImports: true,
    message:
      'REST routes call procedures, never repos: use createCaller(ctx).<domain>.<procedure>() via legacyHandler.',
  },
  {
    group: ['**/db/**'],
    allowTypeImports: true,
    message: 'REST routes never touch the database: call the tRPC procedure (createCaller(ctx)) that does the work.',
  },
  {
    group: ['**/modules/**/*.service', '**/modules/**/*.service.*'],
    allowTypeImports: true,
    message:
      'REST routes call procedures, not services, so validation and auth are written once: use createCaller(ctx).',
  },
];

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    '**/.data/',
    '**/test-results/',
    '**/.artifacts/',
    '**/*.tsbuildinfo',
    '**/vite.config.ts.timestamp-*',
    'packages/server/src/modules/market/snapshot.json',
  ]),
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a handler signature, a destructured omission).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Migrations are frozen and typed against no app schema: `Kysely<any>` is Kysely's documented idiom there.
    files: ['packages/server/src/db/migrate.ts', 'packages/server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // ---- Layers -------------------------------------------------------------------------------------------

  // The web app ships to browsers: server code may inform its types, never its bundle. The e2e harness is the
  // exception: it boots the server in-process on purpose.
  {
    files: ['packages/web/**/*.{ts,tsx,js,mjs}'],
    ignores: ['packages/web/e2e/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@vestora/server',
              allowTypeImports: true,
              message:
                "The web app may import server code only as types: write `import type { AppRouter } from '@vestora/server'` " +
                'and reach the server through the tRPC client (src/lib/trpc.ts); shared schemas come from @vestora/contract.',
            },
          ],
          patterns: [
            {
              group: ['@vestora/server/**', '**/server/src/**', '**/packages/server/**'],
              allowTypeImports: true,
              message:
                'The web app may import server code only as types (`import type`); call the server through the tRPC ' +
                'client (src/lib/trpc.ts) and take shared schemas from @vestora/contract.',
            },
          ],
        },
      ],
      // import() is not an import declaration, so the rule above cannot see it.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^@vestora\\/server|\\/server\\/src\\//]',
          message:
            'The web app never loads server code, not even lazily: call the server through the tRPC client ' +
            '(src/lib/trpc.ts) and take shared schemas from @vestora/contract.',
        },
      ],
    },
  },

  // The contract is shared by both sides, so it depends on neither.
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@vestora/server',
                '@vestora/server/**',
                '@vestora/web',
                '@vestora/web/**',
                '**/server/**',
                '**/web/**',
              ],
              message:
                'packages/contract imports nothing from server or web: move the schema or type here and have ' +
                'server and web import it from @vestora/contract.',
            },
          ],
        },
      ],
    },
  },

  // Modules never see the tRPC context (type or value).
  {
    files: [MODULES],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [contextImport] }],
    },
  },
  // Outside repos, modules build no SQL. (Replaces the rule above for these files, so it repeats contextImport.)
  {
    files: [MODULES],
    ignores: [REPOS],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [sqlTagImport], patterns: [contextImport] }],
      'no-restricted-syntax': ['error', queryBuilderCalls],
    },
  },
  // Benchmarks and scripts reach the server through the entry it exports for them, so a file moved inside the
  // server changes packages/server/src/bench-entry.ts, not every benchmark.
  {
    files: ['bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/packages/*/src/**', '@vestora/server/src/**'],
              message:
                "Benchmarks and scripts import the server through one entry: `import { ... } from '@vestora/server/bench'` " +
                '(add what is missing to packages/server/src/bench-entry.ts), or `import type` from @vestora/server.',
            },
          ],
        },
      ],
    },
  },
  // The legacy REST adapter reshapes what procedures return; it reaches no repo, service or database.
  {
    files: [REST],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [sqlTagImport], patterns: restBypasses }],
      'no-restricted-syntax': ['error', queryBuilderCalls],
    },
  },
);
