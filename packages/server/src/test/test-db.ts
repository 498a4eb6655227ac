import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle, type PoolSettings } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** Which database this test run uses: the vitest project sets VESTORA_TEST_DB. */
export function testDbKind(): 'pg' | 'pglite' {
  return process.env.VESTORA_TEST_DB === 'pg' ? 'pg' : 'pglite';
}

/** The PostgreSQL server tests may create databases on, if any. */
export function testPostgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/**
 * Pool settings of test databases unless a test says otherwise: timeouts far above anything a loaded 2-core
 * machine makes a correct test wait (the suites that race 50 transactions through 10 connections must not
 * turn a slow wait for a connection or a row lock into a 503). The fault drills pass the small ones they test.
 */
export const TEST_POOL: Partial<PoolSettings> = {
  connectTimeoutMs: 30_000,
  statementTimeoutMs: 60_000,
  lockTimeoutMs: 30_000,
};
/** Migrations: no timeouts at all. */
const MIGRATION_POOL: Partial<PoolSettings> = {
  max: 1,
  connectTimeoutMs: 30_000,
  statementTimeoutMs: 0,
  lockTimeoutMs: 0,
  idleInTxTimeoutMs: 0,
};

/** The PostgreSQL URL of a new, empty database on the test server (`drop()` removes it). */
export async function createEmptyTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const baseUrl = testPostgresUrl();
  if (!baseUrl) throw new Error('VESTORA_TEST_DB=pg needs TEST_DATABASE_URL or DATABASE_URL');
  const name = `vestora_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the PostgreSQL
 * server (dropped again by close()). `databaseUrl` rewrites the URL the pool connects through (a test proxy).
 */
export async function createTestDb(
  opts: { pool?: Partial<PoolSettings>; databaseUrl?: (url: string) => string } = {},
): Promise<DbHandle> {
  if (testDbKind() === 'pglite') {
    const handle = await createDb({ dataDir: 'memory' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const created = await createEmptyTestDatabase();
  try {
    const migrating = await createDb({ databaseUrl: created.url, pool: MIGRATION_POOL });
    await migrateToLatest(migrating.db).finally(() => migrating.close());
    const url = opts.databaseUrl ? opts.databaseUrl(created.url) : created.url;
    const handle = await createDb({ databaseUrl: url, pool: { ...TEST_POOL, ...opts.pool } });
    return {
      ...handle,
      async close() {
        await handle.close();
        await created.drop();
      },
    };
  } catch (e) {
    await created.drop();
    throw e;
  }
}
