import { defineConfig } from 'vitest/config';

// Integration tests always run on embedded PGlite, and again on PostgreSQL when a server URL is given.
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const integration = (db: 'pglite' | 'pg') => ({
  test: {
    name: `integration-${db}`,
    include: ['packages/server/test/**/*.test.ts'],
    exclude: db === 'pg' ? [] : ['packages/server/test/**/*.pg.test.ts'],
    env: { VESTORA_TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'], testTimeout: 30_000 } },
      integration('pglite'),
      ...(pgUrl ? [integration('pg')] : []),
      {
        test: {
          name: 'browser',
          include: ['packages/web/e2e/**/*.test.ts'],
          globalSetup: ['packages/web/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
