import { describe, expect, test } from 'vitest';
import type { TKycStatus } from '@vestora/contract';
import { formPlan } from './kyc-plan';

const base: TKycStatus = {
  tier: 0,
  pending: null,
  rejected: false,
  items: [],
  limits: { dailyUsd: '0.00', monthlyUsd: '0.00', usedDailyUsd: '0.00', usedMonthlyUsd: '0.00' },
  next: {
    tier: 1,
    needs: ['legal_name', 'date_of_birth', 'address', 'identity'],
    dailyUsd: '2000.00',
    monthlyUsd: '10000.00',
  },
};
const doc = (id: string) => ({
  id,
  kind: 'identity' as const,
  mime: 'image/png',
  sizeBytes: 100,
  createdAt: '2026-12-03T10:00:00.000Z',
  url: null,
});

describe('the next application', () => {
  test('tier 0 applies for tier 1 with an identity document', () => {
    expect(formPlan(base)).toEqual({ tier: 1, kinds: ['identity'], standing: {} });
  });

  test('none while one is in review, after a final reject, or at the highest tier', () => {
    const pending = { id: 'a', status: 'pending' as const, tier: 1, submittedAt: '2026-12-03T10:00:00.000Z' };
    expect(formPlan({ ...base, pending })).toBeNull();
    expect(formPlan({ ...base, rejected: true })).toBeNull();
    expect(formPlan({ ...base, tier: 2, next: null })).toBeNull();
  });

  test('asked again for the address only, the identity document sent before goes with the new application', () => {
    const status: TKycStatus = {
      ...base,
      items: [
        { item: 'address', state: 'send_again', reason: 'Add the postcode', value: 'Main St', document: null },
        { item: 'identity', state: 'waiting', reason: null, value: null, document: doc('d1') },
      ],
    };
    expect(formPlan(status)).toEqual({ tier: 1, kinds: ['identity'], standing: { identity: 'd1' } });
    // Asked again for the document itself: it must be uploaded anew.
    status.items[1] = { ...status.items[1]!, state: 'send_again' };
    expect(formPlan(status)?.standing).toEqual({});
  });

  test('tier 2 takes only its own documents (an accepted identity document is not sent again)', () => {
    const status: TKycStatus = {
      ...base,
      tier: 1,
      items: [{ item: 'identity', state: 'accepted', reason: null, value: null, document: doc('d1') }],
      next: {
        tier: 2,
        needs: ['legal_name', 'date_of_birth', 'address', 'proof_of_address'],
        dailyUsd: '1',
        monthlyUsd: '1',
      },
    };
    expect(formPlan(status)).toEqual({ tier: 2, kinds: ['proof_of_address'], standing: {} });
  });
});
