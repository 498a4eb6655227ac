import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { issueDueStatements } from '../../src/modules/account-statement/account-statement.job.ts';
import { insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { TEST_POOL, testPostgresUrl } from '../../src/test/test-db.ts';
import { moveAt, storedStatements } from './statement-helpers.ts';

// Two instances of the job at once on one PostgreSQL, each with its own pool: every member gets exactly one
// statement for the month, one notice, and the two share the batches instead of doing the same ones.

async function secondInstance(t: TestApp): Promise<DbHandle> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.handle.db);
  const url = new URL(testPostgresUrl()!);
  url.pathname = `/${rows[0]!.name}`;
  return createDb({ databaseUrl: url.toString(), pool: TEST_POOL });
}

describe('two statement jobs at once (PostgreSQL)', () => {
  let t: TestApp;
  let other: DbHandle;
  const clock = new ManualClock('2026-03-02T00:00:00Z');
  const MEMBERS = 60;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    if (t.handle.kind !== 'postgres') throw new Error('this proof needs PostgreSQL (integration-pg project)');
    other = await secondInstance(t);
    for (let i = 0; i < MEMBERS; i++) {
      const u = await insertUser(t.handle.db);
      await moveAt(t.handle.db, u.id, 10_00 + i, '2026-02-10T00:00:00Z');
      if (i % 2 === 0) await moveAt(t.handle.db, u.id, -(i + 1), '2026-02-20T00:00:00Z');
    }
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('issues every member once; both instances took part', async () => {
    const opts = { batchSize: 5, chunkSize: 3 };
    const [a, b] = await Promise.all([
      issueDueStatements(t.app.deps, opts),
      issueDueStatements({ ...t.app.deps, db: other.db }, opts),
    ]);
    expect(a.issued + b.issued).toBe(MEMBERS);
    expect(a.refused + b.refused).toBe(0);
    // Batches are claimed with SKIP LOCKED: the work is shared, not done twice.
    expect(a.batches).toBeGreaterThan(0);
    expect(b.batches).toBeGreaterThan(0);
    const rows = await storedStatements(t.handle.db);
    expect(rows).toHaveLength(MEMBERS);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(MEMBERS);
    for (const r of rows) expect(r.opening_cents + r.credits_cents - r.debits_cents).toBe(r.closing_cents);
    const notices = await t.handle.db
      .selectFrom('mail_outbox')
      .select(sql<number>`count(*)`.as('n'))
      .where('kind', '=', 'account_statement.ready')
      .executeTakeFirstOrThrow();
    expect(Number(notices.n)).toBe(MEMBERS);

    // Both again, together: nothing more.
    const again = await Promise.all([
      issueDueStatements(t.app.deps, opts),
      issueDueStatements({ ...t.app.deps, db: other.db }, opts),
    ]);
    expect(again.map((x) => x.issued)).toEqual([0, 0]);
    expect(await storedStatements(t.handle.db)).toHaveLength(MEMBERS);
  });
});
