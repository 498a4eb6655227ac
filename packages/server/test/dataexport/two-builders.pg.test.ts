import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { buildPendingExports } from '../../src/modules/dataexport/dataexport.builder.ts';
import { requestDataExport } from '../../src/modules/dataexport/dataexport.service.ts';
import { insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { TEST_POOL, testPostgresUrl } from '../../src/test/test-db.ts';

// Two instances on one PostgreSQL, each with its own pool and builder, draining the data-export queue at once:
// the claim (FOR UPDATE SKIP LOCKED and a lease) builds each export once and announces it once.

async function secondInstance(t: TestApp): Promise<DbHandle> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.handle.db);
  const url = new URL(testPostgresUrl()!);
  url.pathname = `/${rows[0]!.name}`;
  return createDb({ databaseUrl: url.toString(), pool: TEST_POOL });
}

describe('two data-export builders on one PostgreSQL (PostgreSQL)', () => {
  let t: TestApp;
  let other: DbHandle;
  const clock = new ManualClock('2026-03-01T09:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({ clock });
    if (t.handle.kind !== 'postgres') throw new Error('this proof needs PostgreSQL (integration-pg project)');
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('builds every requested export exactly once between them', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => insertUser(t.handle.db, { balanceCents: 1_00 })));
    const deps = t.app.deps;
    for (const m of members) await requestDataExport(deps, m.id);
    const [a, b] = await Promise.all([buildPendingExports(deps), buildPendingExports({ ...deps, db: other.db })]);
    expect(a + b).toBe(members.length);
    const rows = await t.handle.db.selectFrom('data_exports').select(['status', 'attempts', 'file_bytes']).execute();
    expect(rows).toHaveLength(members.length);
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'ready', attempts: 1 });
      expect(r.file_bytes).toBeGreaterThan(0);
    }
    const notices = await t.handle.db
      .selectFrom('mail_outbox')
      .select('user_id')
      .where('kind', '=', 'data_export.ready')
      .execute();
    expect(notices.map((n) => n.user_id).sort()).toEqual(members.map((m) => m.id).sort());
    // Nothing left to build: a further run on either instance finds nothing.
    expect(await buildPendingExports({ ...deps, db: other.db })).toBe(0);
  });

  it('takes over an export whose builder died once its lease is over', async () => {
    const m = await insertUser(t.handle.db);
    const requested = await requestDataExport(t.app.deps, m.id);
    // A builder claimed it and died: the row is 'building' with a lease that has not ended yet.
    const leaseEnd = new Date(clock.now().getTime() + 60_000);
    await t.handle.db
      .updateTable('data_exports')
      .set({ status: 'building', lease_until: leaseEnd, attempts: 1 })
      .where('id', '=', requested.id)
      .execute();
    expect(await buildPendingExports(t.app.deps)).toBe(0);
    clock.advanceMs(61_000);
    expect(await buildPendingExports({ ...t.app.deps, db: other.db })).toBe(1);
    const row = await t.handle.db
      .selectFrom('data_exports')
      .select(['status', 'attempts'])
      .where('id', '=', requested.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'ready', attempts: 2 });
  });
});
