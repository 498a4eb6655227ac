import type { Migration } from 'kysely/migration';
import * as createCoreTables from './2026_11_21_0600_create_core_tables.ts';

/** Every migration, in order. Imported statically so the same list works under tsx, vitest and bundlers. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0600_create_core_tables': createCoreTables,
};
