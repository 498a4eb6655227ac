import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/create-db.ts';

/** Plan fields as the wire names them, valid for plan.create. */
export function planFields(name = `Plan ${randomUUID().slice(0, 8)}`) {
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

/** A plan inserted straight into the database; returns its id. */
export async function insertPlanRow(db: Database, name?: string): Promise<string> {
  const f = planFields(name);
  const id = randomUUID();
  await db
    .insertInto('plans')
    .values({
      id,
      investment_plan_name: f.investmentPlanName,
      interest_rate: f.interestRate,
      investment_limit: f.investmentLimit,
      returns: f.returns,
      investment_duration: f.investmentDuration,
      capital_growth: f.capitalGrowth,
      risk_level: f.riskLevel,
      total_return: f.totalReturn,
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
