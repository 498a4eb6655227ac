import type { Config } from '../config.ts';
import { createDb, type DbHandle, type DbLog, poolSettingsFrom } from './create-db.ts';
import { lockEmbeddedDb } from './data-dir-lock.ts';
import { migrateToLatest } from './migrate.ts';

/** Opens the configured database (locking the embedded one to this process) and migrates it. */
export async function openDatabase(config: Config, purpose: string, log?: DbLog): Promise<DbHandle> {
  const release = config.DATABASE_URL ? () => {} : lockEmbeddedDb(config.DATA_DIR, purpose);
  try {
    const pool = poolSettingsFrom(config);
    if (config.DATABASE_URL) {
      // Migrations run on a connection of their own, without the request timeouts: a migration may rewrite a
      // large table, and one instance waits (on the migrator's lock) while another migrates.
      const migrating = await createDb({
        databaseUrl: config.DATABASE_URL,
        pool: { ...pool, max: 1, statementTimeoutMs: 0, lockTimeoutMs: 0, idleInTxTimeoutMs: 0 },
        log,
      });
      try {
        await migrateToLatest(migrating.db);
      } finally {
        await migrating.close();
      }
    }
    const handle = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, pool, log });
    if (!config.DATABASE_URL) await migrateToLatest(handle.db);
    return {
      ...handle,
      async close() {
        await handle.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
