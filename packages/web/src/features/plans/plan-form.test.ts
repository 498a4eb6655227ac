import { describe, expect, it } from 'vitest';
import { EMPTY_PLAN_FORM, type PlanFormValues, planToForm, previewText, readPlanForm } from './plan-form';

const silver: PlanFormValues = {
  ...EMPTY_PLAN_FORM,
  investmentPlanName: 'Silver',
  rate: '7',
  minAmount: '$1,000',
  maxAmount: '4999',
  term: '2',
  termUnit: 'years',
  payoutFrequency: 'monthly',
  riskLevel: 'medium',
};

describe('the plan form', () => {
  it('reads typed text into plan.create input (years to months, dollars, percent to basis points)', () => {
    expect(readPlanForm(silver)).toEqual({
      ok: true,
      input: {
        investmentPlanName: 'Silver',
        annualRateBps: 700,
        minAmount: 1000,
        maxAmount: 4999,
        termMonths: 24,
        payoutFrequency: 'monthly',
        riskLevel: 'medium',
        earlyExitAllowed: false,
        capacity: null,
        investmentPlanDescription: '',
        investmentPlanImage: '',
      },
    });
    expect(
      readPlanForm({ ...silver, term: '18', termUnit: 'months', rate: '6.5', capacity: '2,000,000' }),
    ).toMatchObject({
      ok: true,
      input: { termMonths: 18, annualRateBps: 650, capacity: 2_000_000 },
    });
  });

  it('names the field in error with the same rules as the server', () => {
    const errors = (v: Partial<PlanFormValues>) => {
      const r = readPlanForm({ ...silver, ...v });
      return r.ok ? {} : r.errors;
    };
    expect(errors({ rate: 'seven' })).toEqual({
      rate: 'Enter the yearly rate in percent with at most 2 decimals, e.g. 6.5',
    });
    expect(errors({ rate: '6.125' })).toEqual({
      rate: 'Enter the yearly rate in percent with at most 2 decimals, e.g. 6.5',
    });
    expect(errors({ term: '0.4' })).toEqual({ term: 'Enter the term in years that make whole months, e.g. 2 or 0.5' });
    expect(errors({ minAmount: '5000' })).toEqual({
      maxAmount: 'The maximum amount must be at least the minimum amount',
    });
    expect(errors({ payoutFrequency: 'yearly', term: '18', termUnit: 'months' })).toEqual({
      payoutFrequency: 'Yearly payouts need a term in whole multiples of 12 months (the term is 18 months)',
    });
    expect(errors({ riskLevel: '', investmentPlanName: '' })).toEqual({
      riskLevel: 'Risk level is required',
      investmentPlanName: 'Plan name is required',
    });
  });

  it('previews the card text as the server will derive it, and what it can while the form is incomplete', () => {
    expect(previewText(silver)).toEqual({
      interestRate: '7%',
      investmentLimit: '$1,000 - $4,999',
      returns: 'Monthly',
      investmentDuration: '2',
      capitalGrowth: '14%',
      riskLevel: 'medium',
      totalReturn: '$5,699',
    });
    expect(previewText({ ...silver, maxAmount: '', term: 'x' })).toMatchObject({
      interestRate: '7%',
      investmentLimit: '',
      investmentDuration: '',
      capitalGrowth: '',
      totalReturn: '',
    });
  });

  it('fills the edit form from a plan, in years when the term is whole years', () => {
    const plan = {
      id: 'x',
      investmentPlanName: 'Silver',
      interestRate: '6.5%',
      investmentLimit: '',
      returns: '',
      investmentDuration: '',
      capitalGrowth: '',
      riskLevel: 'low' as const,
      riskLevelUnmapped: null,
      totalReturn: '',
      investmentPlanDescription: 'd',
      investmentPlanImage: '',
      version: 0,
      annualRateBps: 650,
      minAmount: 1000,
      maxAmount: 4999.5,
      termMonths: 18,
      payoutFrequency: 'quarterly' as const,
      earlyExitAllowed: true,
      capacity: null,
      remainingCapacity: null,
      status: 'active' as const,
      openForInvesting: true,
    };
    expect(planToForm(plan)).toMatchObject({
      rate: '6.5',
      maxAmount: '4999.5',
      term: '18',
      termUnit: 'months',
      capacity: '',
      riskLevel: 'low',
    });
    expect(planToForm({ ...plan, termMonths: 24 })).toMatchObject({ term: '2', termUnit: 'years' });
    // A plan whose old risk text named no level opens with no level chosen: the admin must pick one to save.
    const waiting = planToForm({ ...plan, riskLevel: null, riskLevelUnmapped: 'Low to medium' });
    expect(waiting.riskLevel).toBe('');
    expect(readPlanForm(waiting)).toMatchObject({ ok: false, errors: { riskLevel: 'Risk level is required' } });
  });
});
