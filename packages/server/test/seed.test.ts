import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { listAllPlans } from '../src/modules/plan/plan.service.ts';
import { createTestDb } from '../src/test/test-db.ts';

describe('demo plans', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('are seeded once from their terms, the text derived as the cards show it', async () => {
    expect(await seedIfEmpty(handle.db)).toBe(true);
    expect(await seedIfEmpty(handle.db)).toBe(false);
    const plans = await listAllPlans(handle.db);
    const cols = [
      'investmentPlanName',
      'interestRate',
      'investmentLimit',
      'returns',
      'investmentDuration',
      'capitalGrowth',
      'riskLevel',
      'totalReturn',
    ] as const;
    expect(plans.map((p) => cols.map((c) => p[c]))).toEqual([
      ['Starter', '5%', '$100 - $999', 'Monthly', '1', '5%', 'low', '$1,049'],
      ['Silver', '7%', '$1,000 - $4,999', 'Monthly', '2', '14%', 'low', '$5,699'],
      ['Gold', '9%', '$5,000 - $19,999', 'Quarterly', '3', '27%', 'medium', '$25,399'],
      ['Platinum', '11%', '$20,000 - $100,000', 'Quarterly', '5', '55%', 'high', '$155,000'],
      ['Steady Growth Plan', '4%', '$500 - $50,000', 'Yearly', '5', '20%', 'low', '$60,000'],
      ['Balanced Fund', '6.5%', '$1,000 - $75,000', 'Semi-annually', '4', '26%', 'medium', '$94,500'],
    ]);
    expect(plans.map((p) => [p.earlyExitAllowed, p.capacity, p.openForInvesting])).toEqual([
      [true, null, true],
      [true, null, true],
      [false, null, true],
      [false, 2_000_000, true],
      [true, null, true],
      [true, null, true],
    ]);
  });
});
