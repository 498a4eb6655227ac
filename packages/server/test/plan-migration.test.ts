import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/create-db.ts';
import { migrations } from '../src/db/migrations/index.ts';

// The migration itself is what is under test, so this builds the schema step by step on embedded PGlite.
describe('migration 2026_11_23_1000_add_plan_terms', () => {
  let handle: DbHandle;
  const migrator = () => new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  beforeAll(async () => {
    handle = await createDb({ dataDir: 'memory' });
  });
  afterAll(() => handle.close());

  const legacyPlan = (name: string, rate: string, limit: string, returns: string, years: string) => ({
    id: randomUUID(),
    investment_plan_name: name,
    interest_rate: rate,
    investment_limit: limit,
    returns,
    investment_duration: years,
    capital_growth: 'as written',
    risk_level: 'low' as const,
    total_return: 'as written',
  });

  it('reads the text of existing plans into terms; a plan it cannot read keeps its text and stays closed', async () => {
    expect((await migrator().migrateTo('2026_11_21_0600_create_core_tables')).error).toBeUndefined();
    const rows = [
      legacyPlan('Silver', '7%', '$1,000 - $4,999', 'Monthly', '2'),
      legacyPlan('Balanced', '6.5', '1000-75000', 'Semi-annually', '4 years'),
      legacyPlan('Short', '4 %', '$500 - $50,000', 'At maturity', '0.5'),
      legacyPlan('Vague', 'up to 12%', '$100+', 'Monthly', '1'),
      legacyPlan('Misfit', '5%', '$100 - $999', 'Yearly', '0.5'),
      legacyPlan('Upside down', '5%', '$999 - $100', 'Monthly', '1'),
    ];
    await handle.db.insertInto('plans').values(rows).execute();
    expect((await migrator().migrateToLatest()).error).toBeUndefined();

    const after = await handle.db
      .selectFrom('plans')
      .select([
        'investment_plan_name',
        'interest_rate',
        'total_return',
        'annual_rate_bps',
        'min_amount_cents',
        'max_amount_cents',
        'term_months',
        'payout_frequency',
        'early_exit_allowed',
        'capacity_cents',
        'status',
        'open_for_investing',
      ])
      .orderBy('investment_plan_name')
      .execute();
    const closed = {
      annual_rate_bps: null,
      min_amount_cents: null,
      max_amount_cents: null,
      term_months: null,
      payout_frequency: null,
      open_for_investing: false,
    };
    const common = { early_exit_allowed: false, capacity_cents: null, status: 'active', total_return: 'as written' };
    expect(after).toEqual([
      {
        ...common,
        investment_plan_name: 'Balanced',
        interest_rate: '6.5',
        annual_rate_bps: 650,
        min_amount_cents: 100_000,
        max_amount_cents: 7_500_000,
        term_months: 48,
        payout_frequency: 'semi_annually',
        open_for_investing: true,
      },
      { ...common, ...closed, investment_plan_name: 'Misfit', interest_rate: '5%' },
      {
        ...common,
        investment_plan_name: 'Short',
        interest_rate: '4 %',
        annual_rate_bps: 400,
        min_amount_cents: 50_000,
        max_amount_cents: 5_000_000,
        term_months: 6,
        payout_frequency: 'at_maturity',
        open_for_investing: true,
      },
      {
        ...common,
        investment_plan_name: 'Silver',
        interest_rate: '7%',
        annual_rate_bps: 700,
        min_amount_cents: 100_000,
        max_amount_cents: 499_900,
        term_months: 24,
        payout_frequency: 'monthly',
        open_for_investing: true,
      },
      { ...common, ...closed, investment_plan_name: 'Upside down', interest_rate: '5%' },
      { ...common, ...closed, investment_plan_name: 'Vague', interest_rate: 'up to 12%' },
    ]);
  });

  it('the database refuses inconsistent terms', async () => {
    const plan = (over: Record<string, unknown>) =>
      handle.db
        .insertInto('plans')
        .values({
          ...legacyPlan('Bad', '5%', '$100 - $999', 'Monthly', '1'),
          annual_rate_bps: 500,
          min_amount_cents: 10_000,
          max_amount_cents: 99_900,
          term_months: 12,
          payout_frequency: 'monthly',
          open_for_investing: true,
          ...over,
        })
        .execute();
    await expect(plan({})).resolves.toBeDefined();
    await expect(plan({ min_amount_cents: 100_000 })).rejects.toThrow(/plans_min_le_max/);
    await expect(plan({ term_months: 10, payout_frequency: 'quarterly' })).rejects.toThrow(/plans_payout_divides_term/);
    await expect(plan({ payout_frequency: 'weekly' })).rejects.toThrow(/check/);
    await expect(plan({ annual_rate_bps: null })).rejects.toThrow(/plans_terms_complete/);
    await expect(plan({ status: 'gone' })).rejects.toThrow(/check/);
  });

  it('goes down and up again', async () => {
    expect((await migrator().migrateDown()).error).toBeUndefined();
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
  });
});
