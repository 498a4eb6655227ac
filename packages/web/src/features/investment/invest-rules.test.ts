import { describe, expect, it } from 'vitest';
import type { TPlan } from '@vestora/contract';
import { checkInvestAmount } from './invest-amount';
import { investBlockReason } from './invest-rules';

const plan = (over: Partial<TPlan> = {}): TPlan => ({
  id: 'p1',
  investmentPlanName: 'Silver',
  interestRate: '7%',
  investmentLimit: '$1,000 - $4,999',
  returns: 'Monthly',
  investmentDuration: '2 years',
  capitalGrowth: '14%',
  riskLevel: 'low',
  riskLevelUnmapped: null,
  totalReturn: '$5,699',
  investmentPlanDescription: '',
  investmentPlanImage: '',
  version: 1,
  annualRateBps: 700,
  minAmount: 1000,
  maxAmount: 4999,
  termMonths: 24,
  payoutFrequency: 'monthly',
  earlyExitAllowed: true,
  capacity: null,
  remainingCapacity: null,
  status: 'active',
  openForInvesting: true,
  ...over,
});

describe('checkInvestAmount', () => {
  it('accepts an amount within the limits and the balance', () => {
    expect(checkInvestAmount(plan(), 1500, 2000)).toEqual({ ok: true, amount: 1500 });
  });

  it('names the limit that was missed', () => {
    expect(checkInvestAmount(plan(), 999.99, 5000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('$1,000.00'),
    });
    expect(checkInvestAmount(plan(), 5000, 9000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('$4,999.00'),
    });
    expect(checkInvestAmount(plan({ capacity: 10_000, remainingCapacity: 1200 }), 1500, 9000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('Only $1,200.00'),
    });
    expect(checkInvestAmount(plan(), null, 5000).ok).toBe(false);
  });

  it('says how much is missing from the balance, to the cent', () => {
    expect(checkInvestAmount(plan(), 1000.1, 876.65)).toMatchObject({ ok: false, shortfall: 123.45 });
  });
});

describe('investBlockReason', () => {
  it('is null for an open plan and says why otherwise', () => {
    expect(investBlockReason(plan())).toBeNull();
    expect(investBlockReason(plan({ openForInvesting: false, status: 'archived' }))).toMatch(/closed/);
    expect(investBlockReason(plan({ openForInvesting: false, capacity: 2000, remainingCapacity: 500 }))).toMatch(
      /full/,
    );
    expect(investBlockReason(plan({ openForInvesting: false, annualRateBps: null }))).toMatch(/terms/);
  });
});
