import { randomUUID } from 'node:crypto';
import { deriveLegacyText, type TPayoutFrequency, type TPlanTerms, type TRiskLevel } from '@vestora/contract';
import { planTermColumns } from '../modules/plan/plan.repo.ts';
import type { Database } from './create-db.ts';

const $ = (dollars: number) => dollars * 100;

/** The demo plans, in the order the list shows them; their text fields are derived from these terms. */
export const DEMO_PLANS: readonly { name: string; terms: TPlanTerms }[] = [
  { name: 'Starter', terms: demo(500, 100, 999, 'monthly', 12, 'low', true) },
  { name: 'Silver', terms: demo(700, 1_000, 4_999, 'monthly', 24, 'low', true) },
  { name: 'Gold', terms: demo(900, 5_000, 19_999, 'quarterly', 36, 'medium', false) },
  // The only capped plan: $2,000,000 in total, i.e. twenty investments at its $100,000 maximum.
  { name: 'Platinum', terms: demo(1_100, 20_000, 100_000, 'quarterly', 60, 'high', false, 2_000_000) },
  { name: 'Steady Growth Plan', terms: demo(400, 500, 50_000, 'yearly', 60, 'low', true) },
  { name: 'Balanced Fund', terms: demo(650, 1_000, 75_000, 'semi_annually', 48, 'medium', true) },
];

/**
 * The deposit account the first start seeds so the record exists: not a real bank. While it is still this one,
 * members are told deposits are not open yet and the admin Overview lists setting it as a to-do.
 */
export const PLACEHOLDER_ACCOUNT = { accountNumber: '0000000000', bankName: 'Placeholder Bank (set by an admin)' };

function demo(
  annualRateBps: number,
  minDollars: number,
  maxDollars: number,
  payoutFrequency: TPayoutFrequency,
  termMonths: number,
  riskLevel: TRiskLevel,
  earlyExitAllowed: boolean,
  capacityDollars?: number,
): TPlanTerms {
  return {
    annualRateBps,
    minAmountCents: $(minDollars),
    maxAmountCents: $(maxDollars),
    termMonths,
    payoutFrequency,
    riskLevel,
    earlyExitAllowed,
    capacityCents: capacityDollars === undefined ? null : $(capacityDollars),
  };
}

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
        DEMO_PLANS.map(({ name, terms }, i) => {
          const text = deriveLegacyText(terms);
          return {
            id: randomUUID(),
            // Distinct times keep the list in this order (plans are listed by creation time).
            created_at: new Date(Date.now() + i),
            investment_plan_name: name,
            interest_rate: text.interestRate,
            investment_limit: text.investmentLimit,
            returns: text.returns,
            investment_duration: text.investmentDuration,
            capital_growth: text.capitalGrowth,
            total_return: text.totalReturn,
            ...planTermColumns(terms),
          };
        }),
      )
      .execute();
    await trx
      .insertInto('deposit_account')
      .values({
        id: randomUUID(),
        account_number: PLACEHOLDER_ACCOUNT.accountNumber,
        bank_name: PLACEHOLDER_ACCOUNT.bankName,
        account_holder: 'Vestora Ltd',
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return true;
  });
}
