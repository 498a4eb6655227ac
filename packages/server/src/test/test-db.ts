import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from '../db/create-db.ts';
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
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the PostgreSQL
 * server (dropped again by close()).
 */
export async function createTestDb(): Promise<DbHandle> {
  if (testDbKind() === 'pglite') {
    const handle = await createDb({ dataDir: 'memory' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const baseUrl = testPostgresUrl();
  if (!baseUrl) throw new Error('VESTORA_TEST_DB=pg needs TEST_DATABASE_URL or DATABASE_URL');
  const name = `vestora_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
