/**
 * Vitest globalSetup of the integration and browser projects: migrates one template database per run, so
 * every test database starts from it instead of running all migrations again (createTestDb in test-db.ts).
 * - embedded PGlite: a migrated in-memory database's data directory, dumped to a file (VESTORA_TEST_PGLITE_TEMPLATE);
 * - PostgreSQL (the integration-pg project): a migrated database on the test server (VESTORA_TEST_PG_TEMPLATE),
 *   copied by `CREATE DATABASE … TEMPLATE` and dropped when the run ends.
 * The workers start after this and inherit the variables; without them (a bench script) test-db migrates as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../db/migrate.ts';
import { createMigratedPostgresTemplate } from './test-db.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = [];
  const env = (project.config.env ?? {}) as Record<string, string | undefined>;
  if (env.VESTORA_TEST_DB === 'pg') {
    const template = await createMigratedPostgresTemplate();
    process.env.VESTORA_TEST_PG_TEMPLATE = template.name;
    cleanups.push(template.drop);
  } else if (!process.env.VESTORA_TEST_PGLITE_TEMPLATE) {
    const pglite = new PGlite();
    await pglite.waitReady;
    await migrateToLatest(new Kysely({ dialect: new PGliteDialect({ pglite }) }));
    // Read before close(): the dump's bytes live in the database's memory until then.
    const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    await pglite.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-pglite-template-'));
    const file = path.join(dir, 'pgdata.tar');
    fs.writeFileSync(file, dump);
    process.env.VESTORA_TEST_PGLITE_TEMPLATE = file;
    cleanups.push(async () => {
      delete process.env.VESTORA_TEST_PGLITE_TEMPLATE;
      fs.rmSync(dir, { recursive: true, force: true });
    });
  }
  return async () => {
    for (const c of cleanups) await c();
  };
}
