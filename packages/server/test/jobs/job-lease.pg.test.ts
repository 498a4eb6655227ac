// A job's lease on real concurrency (#29): instances with their own pools on one PostgreSQL database, asking for
// one lease at the same moment. Exactly one gets it, whether the job's row is new (racing inserts) or free (racing
// updates), and two runners never run a job's tick at the same time.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { finishJobTick, takeJobLease } from '../../src/modules/job/job.repo.ts';
import { createJobRunner, type JobRunner } from '../../src/modules/job/job.runner.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { createTestDb, TEST_POOL, testPostgresUrl } from '../../src/test/test-db.ts';

const silentLog = { warn() {}, info() {}, error() {} };
const INSTANCES = 4;

describe('job leases across instances (PostgreSQL)', () => {
  let first: DbHandle;
  const handles: DbHandle[] = [];
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    first = await createTestDb();
    if (first.kind !== 'postgres') throw new Error('this proof needs PostgreSQL (integration-pg project)');
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(first.db);
    const url = new URL(testPostgresUrl()!);
    url.pathname = `/${rows[0]!.name}`;
    handles.push(first);
    for (let i = 1; i < INSTANCES; i++) {
      handles.push(await createDb({ databaseUrl: url.toString(), pool: TEST_POOL }));
    }
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    for (const h of handles.slice(1)) await h.close();
    await first?.close();
  });

  it('of instances asking together, exactly one takes the lease: on a new row and on a free one', async () => {
    const now = new Date('2026-12-02T08:00:00.000Z');
    const until = new Date(now.getTime() + 60_000);
    for (let round = 0; round < 20; round++) {
      const name = `race-${round}`;
      // Three asks per instance, each on its own connection: twelve at once.
      const asks = handles.flatMap((h, i) =>
        [0, 1, 2].map((k) => takeJobLease(h.db, name, `instance-${i}-${k}`, now, until)),
      );
      const won = (await Promise.all(asks)).filter(Boolean);
      expect(won, `round ${round}, new row`).toHaveLength(1);
      const holder = (await first.db.selectFrom('job_leases').select('holder').where('name', '=', name).execute())[0]!
        .holder!;
      expect(await finishJobTick(first.db, name, holder, now, null)).toBe(true);

      const again = handles.flatMap((h, i) =>
        [0, 1, 2].map((k) => takeJobLease(h.db, name, `instance-${i}-${k}`, now, until)),
      );
      expect((await Promise.all(again)).filter(Boolean), `round ${round}, free row`).toHaveLength(1);
    }
  });

  it('two runners on one job never tick at the same time, however their wake-ups fall', async () => {
    const clock = new ManualClock('2026-12-02T09:00:00.000Z');
    let active = 0;
    let maxActive = 0;
    const ranBy = new Map<string, number>();
    const jobs = handles.slice(0, 2).map((h, i) => {
      const runner = createJobRunner({ db: h.db, clock, log: silentLog, instanceId: `runner-${i}` });
      runners.push(runner);
      return runner.add({
        name: 'one-at-a-time',
        everyMs: 1000,
        autoStart: false,
        async tick() {
          active++;
          maxActive = Math.max(maxActive, active);
          // Holds the tick open on the database for a while, so the other runner's asks land during it.
          await sql`select pg_sleep(0.02)`.execute(h.db);
          active--;
          ranBy.set(`runner-${i}`, (ranBy.get(`runner-${i}`) ?? 0) + 1);
          return i;
        },
      });
    });
    let ran = 0;
    let skipped = 0;
    for (let round = 0; round < 25; round++) {
      const results = await Promise.all([jobs[0]!.runNow(), jobs[1]!.runNow(), jobs[0]!.runNow(), jobs[1]!.runNow()]);
      for (const r of results) {
        if (r === null) skipped++;
        else ran++;
      }
      expect(
        results.some((r) => r !== null),
        `round ${round}: someone ran`,
      ).toBe(true);
    }
    console.log(
      `one lease, two runners: ${ran} ticks ran, ${skipped} skipped (held), by ${JSON.stringify([...ranBy])}`,
    );
    expect(maxActive).toBe(1);
    expect(ran + skipped).toBe(100);
  });
});
