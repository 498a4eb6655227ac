import type { Config } from '../config.ts';
import { createDb, type DbHandle } from './create-db.ts';
import { lockEmbeddedDb } from './data-dir-lock.ts';
import { migrateToLatest } from './migrate.ts';

/** Opens the configured database (locking the embedded one to this process) and migrates it. */
export async function openDatabase(config: Config, purpose: string): Promise<DbHandle> {
  const release = config.DATABASE_URL ? () => {} : lockEmbeddedDb(config.DATA_DIR, purpose);
  try {
    const handle = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await migrateToLatest(handle.db);
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
