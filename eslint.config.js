// One lint config for the monorepo. Besides the recommended rules it encodes the layers (README lists them):
// which folder may import which, and that SQL lives in repos. Every layer message says what to do instead.
// Not type-checked on purpose: `pnpm typecheck` does that, and this stays fast.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import money from './eslint-rules/money.js';

const SERVER = 'packages/server/src/**/*.ts';
const MODULES = 'packages/server/src/modules/**/*.ts';
const MONEY = 'packages/server/src/modules/money/**/*.ts';
const REPOS = 'packages/server/src/modules/**/*.repo.ts';
const REST = 'packages/server/src/rest/**/*.ts';
const SERVER_TESTS = 'packages/server/test/**/*.ts';
// The money path (issue #29): amounts there are integers of an asset's smallest unit, never a float.
const MONEY_PATH = [
  MONEY,
  'packages/server/src/modules/ledger/**/*.ts',
  'packages/server/src/modules/trade/**/*.ts',
  'packages/contract/src/units.ts',
  'packages/contract/src/units-schema.ts',
];

const contextImport = {
  regex: '(^|/)trpc/context(\\.[jt]s)?$',
  message:
    'A module must not depend on the tRPC context. Take what it needs (db, deps, cookies) as a parameter; ' +
    'shared types such as AppDeps and SessionCookies belong in a module-level file (e.g. lib/), not trpc/context.',
};

// Money crosses one door (STYLE.md habit 20): only modules/money/ writes the journal (its movements and postings).
const balanceWrite = {
  group: ['**/money/money.journal.repo', '**/money/money.journal.repo.*'],
  importNames: ['insertMovements'],
  message:
    'Only modules/money/ writes the ledger: move money with moveMoney (modules/money/money.move.ts) or, better, ' +
    'a transition declared on the flow it belongs to (defineFlow in money.core.ts).',
};

// Time is injected (STYLE.md habit 17): modules read deps.clock (or a `now` passed in), never the machine's clock.
const wallClock = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message:
      'Modules take the time from the injected clock: use deps.clock.now() (or a `now` passed in by the caller), ' +
      'so tests can move time.',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message:
      'Modules take the time from the injected clock: use deps.clock.now().getTime() (or a `now` passed in), ' +
      'so tests can move time.',
  },
];

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

  // Server code outside modules/money/ never writes a ledger entry itself (tests included).
  {
    files: [SERVER, SERVER_TESTS],
    ignores: [MONEY],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [balanceWrite] }],
    },
  },
  // Modules never see the tRPC context (type or value), nor the machine's clock. (A later block replaces an
  // earlier one's options for the same rule, so each block below lists every pattern its files need.)
  {
    files: [MODULES],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [contextImport, balanceWrite] }],
      'no-restricted-syntax': ['error', ...wallClock],
    },
  },
  {
    files: [MONEY],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [contextImport] }],
    },
  },
  // Outside repos, modules build no SQL.
  {
    files: [MODULES],
    ignores: [REPOS, MONEY],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [sqlTagImport], patterns: [contextImport, balanceWrite] },
      ],
      'no-restricted-syntax': ['error', queryBuilderCalls, ...wallClock],
    },
  },
  {
    files: [MONEY],
    ignores: [REPOS],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [sqlTagImport], patterns: [contextImport] }],
      'no-restricted-syntax': ['error', queryBuilderCalls, ...wallClock],
    },
  },
  // Integration tests share a worker process (vitest.config.ts: isolate false), so none changes process-wide state:
  // no module mocks, stubbed globals or env, fake timers, nor writes to process.env. Time moves through the
  // injected clock (src/test/manual-clock.ts); settings go through startTestApp({ env }).
  {
    files: [SERVER_TESTS],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubEnv|stubGlobal|useFakeTimers|setSystemTime)$/]",
          message:
            'Integration test files share a worker process: do not mock modules, stub globals or env, or fake timers. Move time with the injected clock (ManualClock) and pass settings to startTestApp({ env }).',
        },
        {
          selector:
            "AssignmentExpression[left.object.object.name='process'][left.object.property.name='env'], UnaryExpression[operator='delete'][argument.object.object.name='process'][argument.object.property.name='env']",
          message:
            'Integration test files share a worker process: do not change process.env. Pass settings to startTestApp({ env }) (or to a spawned process as its env).',
        },
      ],
    },
  },
  // Never a float on the money path (eslint-rules/money.js; proven by packages/server/src/lint-money.test.ts).
  // Its own rule, so it adds to the layer rules above instead of replacing their no-restricted-syntax options.
  {
    files: MONEY_PATH,
    ignores: ['**/*.test.ts'],
    plugins: { money },
    rules: { 'money/no-float': 'error' },
  },
  // Benchmarks and scripts reach the server through the entry it exports for them, so a file moved inside the
  // server changes packages/server/src/test/bench-entry.ts, not every benchmark.
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
                '(add what is missing to packages/server/src/test/bench-entry.ts), or `import type` from @vestora/server.',
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
