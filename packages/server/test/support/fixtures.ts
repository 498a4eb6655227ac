import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/create-db.ts';

/** Plan fields as plan.create takes them (Starter's terms: 5%, $100 - $999, monthly for a year). */
export function planFields(name = `Plan ${randomUUID().slice(0, 8)}`) {
  return {
    investmentPlanName: name,
    annualRateBps: 500,
    minAmount: 100,
    maxAmount: 999,
    termMonths: 12,
    payoutFrequency: 'monthly' as const,
    riskLevel: 'low' as const,
    earlyExitAllowed: false,
    capacity: null as number | null,
    investmentPlanDescription: '',
    investmentPlanImage: '',
  };
}

/** The legacy text these terms are shown as (what the cards show; /api/v1 also shows the risk as "Low"). */
export const PLAN_FIELDS_TEXT = {
  interestRate: '5%',
  investmentLimit: '$100 - $999',
  returns: 'Monthly',
  investmentDuration: '1',
  capitalGrowth: '5%',
  // 999 × 5% = 49.95 → $1,048.95 → whole dollars.
  totalReturn: '$1,049',
};

/** Plan fields as the legacy /api/v1/investment_plan/craete takes them: text. */
export function legacyPlanFields(name = `Plan ${randomUUID().slice(0, 8)}`) {
  return {
    investmentPlanName: name,
    interestRate: '5%',
    investmentLimit: '$100 - $999',
    returns: 'Monthly',
    investmentDuration: '1',
    capitalGrowth: '5%',
    riskLevel: 'Low',
    totalReturn: '$1,050',
    investmentPlanDescription: '',
    investmentPlanImage: '',
  };
}

/** A plan inserted straight into the database (with planFields' terms); returns its id. */
export async function insertPlanRow(db: Database, name?: string): Promise<string> {
  const f = planFields(name);
  const id = randomUUID();
  await db
    .insertInto('plans')
    .values({
      id,
      investment_plan_name: f.investmentPlanName,
      interest_rate: PLAN_FIELDS_TEXT.interestRate,
      investment_limit: PLAN_FIELDS_TEXT.investmentLimit,
      returns: PLAN_FIELDS_TEXT.returns,
      investment_duration: PLAN_FIELDS_TEXT.investmentDuration,
      capital_growth: PLAN_FIELDS_TEXT.capitalGrowth,
      risk_level: 'low',
      total_return: PLAN_FIELDS_TEXT.totalReturn,
      annual_rate_bps: 500,
      min_amount_cents: 10_000,
      max_amount_cents: 99_900,
      term_months: 12,
      payout_frequency: 'monthly',
      open_for_investing: true,
    })
    .execute();
  return id;
}

/** A valid sign-up body with a unique email. */
export function signupFields(email = `new-${randomUUID().slice(0, 8)}@example.com`) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'United Kingdom',
    city: 'London',
    email,
    password: 'a long enough password',
  };
}
