import { ZLedgerKind, type TLedgerEntry } from '@vestora/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import {
  DEPOSIT_STATUS,
  LEDGER_KIND_LABELS,
  LEDGER_REF_TYPE_LABELS,
  MONEY_WORDS,
  WITHDRAWAL_FILTER_STATUS,
  WITHDRAWAL_METHOD_LABELS,
  ledgerReference,
  withdrawalStatusOf,
} from './money-labels';

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

describe('withdrawal status words (#34)', () => {
  afterAll(() => activateLocale('en'));

  it('a crypto payout sent reads "waiting for the network", never "Paid" nor "Sent to the bank"', async () => {
    expect(withdrawalStatusOf({ status: 'sent', method: 'crypto' })).toEqual({
      label: 'Sent — waiting for the network',
      palette: 'blue',
    });
    expect(withdrawalStatusOf({ status: 'sent', method: 'bank' }).label).toBe('Sent to the bank');
    expect(withdrawalStatusOf({ status: 'paid', method: 'crypto' }).label).toBe('Paid');
    expect(WITHDRAWAL_FILTER_STATUS.sent.label).toBe('Sent, not yet paid');
    expect(WITHDRAWAL_FILTER_STATUS.paid.label).toBe('Paid');
    await activateLocale('de');
    expect(withdrawalStatusOf({ status: 'sent', method: 'crypto' }).label).toBe('Gesendet — wartet auf das Netzwerk');
    expect(WITHDRAWAL_FILTER_STATUS.sent.label).toBe('Gesendet, noch nicht bezahlt');
    await activateLocale('en');
  });

  it('a crypto payout given back to the member (#34) reads released, never "Returned by the bank"', async () => {
    expect(withdrawalStatusOf({ status: 'returned', method: 'crypto' })).toEqual({
      label: 'Released to the member',
      palette: 'red',
    });
    expect(withdrawalStatusOf({ status: 'returned', method: 'bank' }).label).toBe('Returned by the bank');
    await activateLocale('de');
    expect(withdrawalStatusOf({ status: 'returned', method: 'crypto' }).label).toBe('An das Mitglied zurückgegeben');
    await activateLocale('en');
  });
});

describe('money words follow the language shown', () => {
  afterAll(() => activateLocale('en'));

  it('reads the same tables in German once German is active', async () => {
    expect(DEPOSIT_STATUS.pending.label).toBe('Pending review');
    await activateLocale('de');
    expect(DEPOSIT_STATUS.pending.label).toBe('Wartet auf Prüfung');
    expect(WITHDRAWAL_METHOD_LABELS.bank).toBe('Banküberweisung');
    expect(LEDGER_KIND_LABELS.interest).toBe('Zinsen');
    expect(ledgerReference({ refType: 'deposit', refId: '1a2b3c4d-0000', memo: null })).toBe('Einzahlung #1a2b3c4d');
    // #34: the balance history's "Withdrawal paid" badge was an English constant on German pages.
    expect(MONEY_WORDS.withdrawalPaid).toBe('Auszahlung erfolgt');
    await activateLocale('ar');
    expect(MONEY_WORDS.withdrawalPaid).toBe('دُفع مبلغ السحب');
  });

  it('leave no English-only label for a screen to show (#34)', async () => {
    const labels = await import('./money-labels');
    const englishConstants = Object.entries(labels).filter(([, v]) => typeof v === 'string');
    expect(englishConstants.map(([name]) => name)).toEqual([]);
  });
});
