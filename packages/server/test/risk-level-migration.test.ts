import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/create-db.ts';
import { migrations } from '../src/db/migrations/index.ts';

// The migration itself is under test, so this builds the schema up to the one before it on embedded PGlite.
describe('migration 2026_12_02_0705_risk_level_scale_s34', () => {
  let handle: DbHandle;
  const migrator = () => new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  beforeAll(async () => {
    handle = await createDb({ dataDir: 'memory' });
  });
  afterAll(() => handle.close());

  it('maps the English words admins typed to the scale and keeps the rest for an admin to choose', async () => {
    const before = Object.keys(migrations)
      .sort()
      .filter((n) => n < '2026_12_02_0705_risk_level_scale_s34')
      .at(-1)!;
    expect((await migrator().migrateTo(before)).error).toBeUndefined();
    const typed = ['Low', ' HIGH ', 'moderate', 'Very-Low', 'very high', 'Low to medium', 'Niedrig', 'medium'];
    for (const [i, risk] of typed.entries())
      await sql`insert into plans (id, investment_plan_name, interest_rate, investment_limit, returns,
          investment_duration, capital_growth, risk_level, total_return)
        values (${randomUUID()}, ${`Plan ${i}`}, '5%', '$100 - $999', 'Monthly', '1', '5%', ${risk}, '$1,049')`.execute(
        handle.db,
      );
    expect((await migrator().migrateToLatest()).error).toBeUndefined();

    const rows = await handle.db
      .selectFrom('plans')
      .select(['investment_plan_name', 'risk_level', 'risk_level_unmapped'])
      .orderBy('investment_plan_name')
      .execute();
    expect(rows.map((r) => [r.risk_level, r.risk_level_unmapped])).toEqual([
      ['low', null],
      ['high', null],
      ['medium', null],
      ['very_low', null],
      ['very_high', null],
      [null, 'Low to medium'],
      [null, 'Niedrig'],
      ['medium', null],
    ]);

    // The scale is held by the database: a word outside it, or a plan with neither a level nor kept text, is refused.
    const id = randomUUID();
    const insert = (risk: string | null, unmapped: string | null) =>
      sql`insert into plans (id, investment_plan_name, interest_rate, investment_limit, returns,
          investment_duration, capital_growth, risk_level, risk_level_unmapped, total_return)
        values (${id}, 'X', '5%', '$100 - $999', 'Monthly', '1', '5%', ${risk}, ${unmapped}, '$1')`.execute(handle.db);
    await expect(insert('Low', null)).rejects.toThrow(/plans_risk_level_check/);
    await expect(insert(null, null)).rejects.toThrow(/plans_risk_level_chosen_check/);
    await expect(insert('low', 'Low')).rejects.toThrow(/plans_risk_level_chosen_check/);

    // Down gives the old free text back (the kept text, or the level's English label).
    const down = await migrator().migrateTo(before);
    expect(down.error).toBeUndefined();
    const old = await sql<{ risk_level: string }>`select risk_level from plans order by investment_plan_name`.execute(
      handle.db,
    );
    expect(old.rows.map((r) => r.risk_level)).toEqual([
      'Low',
      'High',
      'Medium',
      'Very low',
      'Very high',
      'Low to medium',
      'Niedrig',
      'Medium',
    ]);
  });
});
