import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
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

/**
 * The PostgreSQL URL of a new, empty database on the test server (`drop()` removes it).
 *
 * In a vitest run (or with `asyncCommit`) the database commits without waiting for its WAL to reach the disk
 * (`synchronous_commit = off` for every connection to it, the app's and a spawned server's alike): a commit is
 * as visible, as atomic and as locked as before, only a crash of the PostgreSQL server could lose the last few,
 * which no test does. On the 2-core CI machine a flush takes 10 to 16 ms, and the suites commit thousands of
 * times. Benches (outside vitest) keep durable commits, so their figures stay production's.
 */
export async function createEmptyTestDatabase(
  opts: { template?: string; asyncCommit?: boolean } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const baseUrl = testPostgresUrl();
  if (!baseUrl) throw new Error('VESTORA_TEST_DB=pg needs TEST_DATABASE_URL or DATABASE_URL');
  const name = `vestora_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
    // A database's own settings are not copied from its template: set on each.
    if (opts.asyncCommit ?? process.env.VITEST === 'true') {
      await admin.query(`alter database ${name} set synchronous_commit = off`);
    }
  } finally {
    await admin.end();
  }
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
 * A migrated database on the test server that createTestDb copies (`CREATE DATABASE … TEMPLATE`): made once per
 * run by db-template.global-setup.ts. Nobody may stay connected to it, or the copies fail.
 */
export async function createMigratedPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const created = await createEmptyTestDatabase();
  try {
    const migrating = await createDb({ databaseUrl: created.url, pool: MIGRATION_POOL });
    await migrateToLatest(migrating.db).finally(() => migrating.close());
  } catch (e) {
    await created.drop();
    throw e;
  }
  return { name: created.name, drop: created.drop };
}

/** The migrated PGlite data directory of this run (db-template.global-setup.ts), read once per process. */
let pgliteTemplate: Uint8Array<ArrayBuffer> | undefined;
function pgliteTemplateBlob(): Blob | undefined {
  const file = process.env.VESTORA_TEST_PGLITE_TEMPLATE;
  if (!file) return undefined;
  pgliteTemplate ??= new Uint8Array(fs.readFileSync(file));
  return new Blob([pgliteTemplate]);
}

/** A fresh in-memory PGlite database with every migration applied: a copy of the run's template when there is one. */
export async function createMigratedPglite(): Promise<DbHandle> {
  const template = pgliteTemplateBlob();
  const handle = await createDb({ dataDir: 'memory', loadDataDir: template });
  if (!template) await migrateToLatest(handle.db);
  return handle;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the PostgreSQL
 * server (dropped again by close()). `databaseUrl` rewrites the URL the pool connects through (a test proxy).
 */
export async function createTestDb(
  opts: { pool?: Partial<PoolSettings>; databaseUrl?: (url: string) => string } = {},
): Promise<DbHandle> {
  if (testDbKind() === 'pglite') return createMigratedPglite();
  const template = process.env.VESTORA_TEST_PG_TEMPLATE;
  const created = await createEmptyTestDatabase({ template });
  try {
    if (!template) {
      const migrating = await createDb({ databaseUrl: created.url, pool: MIGRATION_POOL });
      await migrateToLatest(migrating.db).finally(() => migrating.close());
    }
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
