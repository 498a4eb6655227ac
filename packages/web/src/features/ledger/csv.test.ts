import { describe, expect, it } from 'vitest';
import type { TUsdLedgerEntry } from '@vestora/contract';
import { csvField, ledgerCsvFileName, ledgerToCsv, toCsv } from './csv';

const entry = (over: Partial<TUsdLedgerEntry>): TUsdLedgerEntry => ({
  id: 'e1',
  userId: 'u1',
  asset: 'USD',
  kind: 'deposit',
  amount: 1250.5,
  balanceAfter: 1250.5,
  amountUnits: '1250.50',
  balanceAfterUnits: '1250.50',
  refType: 'deposit',
  refId: 'd1',
  actorId: null,
  memo: null,
  createdAt: '2025-03-07T14:05:00.000Z',
  ...over,
});

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('Deposit')).toBe('Deposit');
    expect(csvField(-10)).toBe('-10');
    expect(csvField(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('x\r\ny')).toBe('"x\r\ny"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvField('-200.00')).toBe('-200.00');
  });
});

describe('ledgerToCsv', () => {
  it('writes the header and one CRLF-terminated row per entry with signed 2-decimal amounts', () => {
    const csv = ledgerToCsv([
      entry({}),
      entry({
        id: 'e2',
        kind: 'withdrawal_hold',
        amount: -200,
        balanceAfter: 1050.5,
        refType: 'withdrawal',
        refId: 'w1',
      }),
      entry({
        id: 'e3',
        kind: 'adjustment',
        amount: 0.1,
        balanceAfter: 1050.6,
        refType: 'adjustment',
        refId: 'a1',
        memo: 'Fee refund, "goodwill"',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'date,kind,amount,balance after,reference type,reference id,memo',
      '2025-03-07T14:05:00.000Z,Deposit,1250.50,1250.50,Deposit,d1,',
      '2025-03-07T14:05:00.000Z,Withdrawal hold,-200.00,1050.50,Withdrawal,w1,',
      '2025-03-07T14:05:00.000Z,Adjustment,0.10,1050.60,Adjustment,a1,"Fee refund, ""goodwill"""',
      '',
    ]);
  });

  it('names the investing kinds in words (invested, interest, principal returned, referral reward)', () => {
    const rows = ledgerToCsv([
      entry({ id: 'i1', kind: 'investment', amount: -1000, balanceAfter: 250.5, refType: 'investment', refId: 'p1' }),
      entry({ id: 'i2', kind: 'interest', amount: 4.17, balanceAfter: 254.67, refType: 'investment', refId: 'p1' }),
      entry({
        id: 'i3',
        kind: 'principal_return',
        amount: 1000,
        balanceAfter: 1254.67,
        refType: 'investment',
        refId: 'p1',
      }),
      entry({ id: 'i4', kind: 'referral_reward', amount: 10, balanceAfter: 1264.67, refType: 'referral', refId: 'p2' }),
    ]).split('\r\n');
    expect(rows.slice(1, 5)).toEqual([
      '2025-03-07T14:05:00.000Z,Invested,-1000.00,250.50,Investment,p1,',
      '2025-03-07T14:05:00.000Z,Interest,4.17,254.67,Investment,p1,',
      '2025-03-07T14:05:00.000Z,Principal returned,1000.00,1254.67,Investment,p1,',
      '2025-03-07T14:05:00.000Z,Referral reward,10.00,1264.67,Referral,p2,',
    ]);
  });

  it('writes only the header when there is no history', () => {
    expect(toCsv([['a', 'b']])).toBe('a,b\r\n');
    expect(ledgerToCsv([])).toBe('date,kind,amount,balance after,reference type,reference id,memo\r\n');
  });
});

describe('ledgerCsvFileName', () => {
  it('names the file after the local date', () => {
    expect(ledgerCsvFileName(new Date(2025, 2, 7, 23, 59))).toBe('vestora-transactions-2025-03-07.csv');
  });
});
