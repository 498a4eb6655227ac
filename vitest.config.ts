import os from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { excludedFrom } from './packages/server/test/placement.ts';
import { sharedCatalogs } from './packages/web/src/i18n/po-plugin.ts';
import { linguiBabelPlugins } from './packages/web/vite.config.ts';

// Lingui's macro plugin finds its configuration from here (vitest runs from the repository's root).
process.env.LINGUI_CONFIG ??= new URL('packages/web/lingui.config.ts', import.meta.url).pathname;

// argon2 at a test cost in the projects that sign people up and in (production's cost: src/lib/password.test.ts).
const CHEAP_PASSWORD_HASHING = 'packages/server/src/test/cheap-password-hashing.ts';

// Each run migrates one template database per kind; every test database is a copy of it.
const DB_TEMPLATE = 'packages/server/src/test/db-template.global-setup.ts';

// Integration tests run on embedded PGlite; when a PostgreSQL server URL is given, each file runs where
// packages/server/test/placement.ts says (PostgreSQL, PGlite or both; a file not listed there runs on both).
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const integration = (db: 'pglite' | 'pg') => ({
  test: {
    name: `integration-${db}`,
    include: ['packages/server/test/**/*.test.ts'],
    exclude:
      db === 'pg'
        ? excludedFrom('pg')
        : ['packages/server/test/**/*.pg.test.ts', ...(pgUrl ? excludedFrom('pglite') : [])],
    env: { VESTORA_TEST_DB: db },
    // A worker runs its files one after another in one process, importing the server's modules once instead of
    // once per file (about 2 s a file on two cores; measured on 40 small PostgreSQL files: 73 s with a process
    // per file, 25 s without). Each file starts its own app on its own database copy, and no test changes
    // process-wide state (no vi.mock, no stubbed globals or env, no fake timers: the clock is injected).
    isolate: false,
    setupFiles: [CHEAP_PASSWORD_HASHING],
    globalSetup: [DB_TEMPLATE],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // The default output, then each project's time (scripts/test-times.ts).
    reporters: ['default', './scripts/test-times.ts'],
    // Vitest's default is one worker less than the cores: one file at a time on a 2-core machine, while most
    // files spend much of their time waiting (on PostgreSQL, Chromium, timers). Two at least.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['packages/web/src/**'],
          testTimeout: 30_000,
        },
      },
      // The web's code uses Lingui's macros: compiled as the app's build does (packages/web/vite.config.ts).
      {
        root: 'packages/web',
        plugins: [
          react({ babel: { plugins: linguiBabelPlugins } }),
          lingui({ configPath: process.env.LINGUI_CONFIG }),
          sharedCatalogs(),
        ],
        test: {
          name: 'web-unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      integration('pglite'),
      ...(pgUrl ? [integration('pg')] : []),
      {
        test: {
          name: 'browser',
          include: ['packages/web/e2e/**/*.test.ts'],
          globalSetup: ['packages/web/e2e/global-setup.ts', DB_TEMPLATE],
          // The app's database: a copy of the run's template on the PostgreSQL server when there is one (a native
          // server beside the browser, rather than the in-process WebAssembly PGlite), else in-memory PGlite.
          env: { VESTORA_TEST_DB: pgUrl ? 'pg' : 'pglite' },
          setupFiles: [CHEAP_PASSWORD_HASHING],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own server (own port, own in-memory database) and its own Chromium, so two
          // files at once share nothing; running in the same pool as the other projects, they start early
          // instead of queueing behind everything (a project without file parallelism runs last).
        },
      },
    ],
  },
});
