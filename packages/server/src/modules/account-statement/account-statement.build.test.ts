import { describe, expect, it } from 'vitest';
import {
  buildStatement,
  monthOf,
  plainAmount,
  StatementMismatch,
  type StatementEntryInput,
} from './account-statement.build.ts';

const entry = (seq: number, amountCents: number, balanceAfterCents: number): StatementEntryInput => ({
  seq,
  createdAt: new Date('2026-02-10T00:00:00Z'),
  kind: 'deposit',
  amountCents,
  balanceAfterCents,
  refType: 'deposit',
  refId: '1a2b3c4d-0000-4000-8000-000000000000',
  memo: null,
});
const month = monthOf(new Date('2026-02-10T00:00:00Z'));

describe('statement figures', () => {
  it('months are UTC calendar months, across a year end', () => {
    expect(monthOf(new Date('2026-01-01T00:00:00Z'), -1)).toEqual({
      key: '2025-12',
      start: new Date('2025-12-01T00:00:00Z'),
      end: new Date('2026-01-01T00:00:00Z'),
    });
    expect(monthOf(new Date('2026-03-31T23:59:59.999Z')).key).toBe('2026-03');
  });

  it('adds up entries to the cent and names them with the web’s words', () => {
    const s = buildStatement({
      month,
      memberName: 'A B',
      openingCents: 10_01,
      closingCents: 10_01 + 5_55 - 1,
      entries: [entry(1, 5_55, 15_56), { ...entry(2, -1, 15_55), kind: 'withdrawal_hold', refType: 'withdrawal' }],
      positions: [],
    });
    expect(s).toMatchObject({ creditsCents: 5_55, debitsCents: 1, closingCents: 15_55 });
    expect(s.lines.map((l) => [l.label, l.reference])).toEqual([
      ['Deposit', 'Deposit #1a2b3c4d'],
      ['Withdrawal hold', 'Withdrawal #1a2b3c4d'],
    ]);
  });

  it('refuses a broken chain and a closing balance the entries do not reach', () => {
    const base = { month, memberName: 'A B', openingCents: 100, positions: [] };
    expect(() => buildStatement({ ...base, closingCents: 300, entries: [entry(7, 100, 300)] })).toThrow(
      StatementMismatch,
    );
    expect(() => buildStatement({ ...base, closingCents: 250, entries: [entry(7, 100, 200)] })).toThrow(
      /closing balance is 2\.50/,
    );
  });

  it('writes amounts as plain decimals', () => {
    expect([plainAmount(0), plainAmount(5), plainAmount(-123_456_78)]).toEqual(['0.00', '0.05', '-123456.78']);
  });
});
