import { ZLedgerKind, type TLedgerEntry } from '@vestora/contract';
import { describe, expect, it } from 'vitest';
import { LEDGER_KIND_LABELS, LEDGER_REF_TYPE_LABELS, ledgerReference } from './money-labels';

describe('ledger words', () => {
  it('gives every ledger kind its own label', () => {
    const labels = ZLedgerKind.options.map((k) => LEDGER_KIND_LABELS[k]);
    expect(labels.every((l) => l.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(ZLedgerKind.options.length);
  });

  it('names each reference by what it is, never as a withdrawal unless it is one', () => {
    const ref = (refType: TLedgerEntry['refType'], memo: string | null = null) =>
      ledgerReference({ refType, refId: '1a2b3c4d-0000-4000-8000-000000000000', memo });
    expect(ref('deposit')).toBe('Deposit #1a2b3c4d');
    expect(ref('withdrawal')).toBe('Withdrawal #1a2b3c4d');
    expect(ref('investment')).toBe('Investment #1a2b3c4d');
    expect(ref('referral')).toBe('Referral of a friend');
    expect(ref('adjustment', 'Goodwill credit')).toBe('Adjustment: Goodwill credit');
    expect(ref('adjustment')).toBe('Adjustment by our team');
    for (const t of ['investment', 'referral', 'adjustment', 'deposit'] as const) {
      expect(ref(t)).not.toMatch(/withdrawal/i);
      expect(LEDGER_REF_TYPE_LABELS[t]).not.toMatch(/withdrawal/i);
    }
  });
});
