import { randomUUID } from 'node:crypto';
import type { Database } from './create-db.ts';

const DEMO_PLANS = [
  ['Starter', '5%', '$100 - $999', 'Monthly', '1', '5%', 'Low', '$1,050'],
  ['Silver', '7%', '$1,000 - $4,999', 'Monthly', '2', '14%', 'Low to medium', '$5,700'],
  ['Gold', '9%', '$5,000 - $19,999', 'Quarterly', '3', '27%', 'Medium', '$25,400'],
  ['Platinum', '11%', '$20,000 - $100,000', 'Quarterly', '5', '55%', 'High', '$155,000'],
  ['Safe Growth Plan', '4%', '$500 - $50,000', 'Yearly', '5', '20%', 'Very low', '$60,000'],
  ['Balanced Fund', '6.5%', '$1,000 - $75,000', 'Semi-annually', '4', '26%', 'Medium', '$94,500'],
] as const;

/**
 * First start on an empty database: demo plans and a placeholder deposit account record.
 * Runs once (remembered in app_meta), so deleting every plan later does not bring them back.
 * Returns true when it seeded.
 */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('app_meta')
      .values({ key: 'seeded_at', value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .insertInto('plans')
      .values(
        DEMO_PLANS.map(([name, rate, limit, returns, years, growth, risk, total], i) => ({
          id: randomUUID(),
          // Distinct times keep the list in this order (plans are listed by creation time).
          created_at: new Date(Date.now() + i),
          investment_plan_name: name,
          interest_rate: rate,
          investment_limit: limit,
          returns,
          investment_duration: years,
          capital_growth: growth,
          risk_level: risk,
          total_return: total,
        })),
      )
      .execute();
    await trx
      .insertInto('deposit_account')
      .values({
        id: randomUUID(),
        account_number: '0000000000',
        bank_name: 'Placeholder Bank (set by an admin)',
        account_holder: 'Vestora Ltd',
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return true;
  });
}
