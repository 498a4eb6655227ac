import { describe, expect, it } from 'vitest';
import {
  buildStatement,
  type CoinInput,
  type CoinPostingInput,
  figuresFromJson,
  figuresToJson,
  monthOf,
  plainAmount,
  STATEMENT_COIN_CSV_HEADER,
  StatementMismatch,
  statementCsv,
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

  describe('coins (#30)', () => {
    const posting = (seq: number, amount: bigint, balanceAfter: bigint | null): CoinPostingInput => ({
      seq,
      createdAt: new Date('2026-02-12T00:00:00Z'),
      kind: 'trade',
      amount,
      balanceAfter,
      refType: 'trade',
      refId: '9f8e7d6c-0000-4000-8000-000000000000',
      memo: null,
    });
    const btc = (over: Partial<CoinInput>): CoinInput => ({
      asset: 'BTC',
      name: 'Bitcoin',
      scale: 8,
      opening: 0n,
      closing: 150_000n,
      postings: [posting(3, 200_000n, 200_000n), posting(9, -50_000n, 150_000n)],
      ...over,
    });
    const base = { month, memberName: 'A B', openingCents: 0, closingCents: 0, entries: [], positions: [] };

    it('adds up each coin exactly in its own unit, beyond what a float holds', () => {
      const wei = 10n ** 18n;
      const eth: CoinInput = {
        asset: 'ETH',
        name: 'Ethereum',
        scale: 18,
        opening: 9_007_199_254_740_993n * wei,
        closing: 9_007_199_254_740_993n * wei + 1n,
        postings: [posting(4, 1n, 9_007_199_254_740_993n * wei + 1n)],
      };
      const s = buildStatement({ ...base, coins: [eth, btc({})] });
      expect(s.coins.map((c) => [c.asset, c.opening, c.closing])).toEqual([
        ['BTC', '0.00000000', '0.00150000'],
        ['ETH', '9007199254740993.000000000000000000', '9007199254740993.000000000000000001'],
      ]);
      expect(s.coins[0]!.lines.map((l) => [l.amount, l.balanceAfter])).toEqual([
        ['0.00200000', '0.00200000'],
        ['-0.00050000', '0.00150000'],
      ]);
      // The dollars' figures are as they were.
      expect(s).toMatchObject({ openingCents: 0, closingCents: 0, lines: [] });
    });

    it('refuses a coin whose chain breaks, whose closing it does not reach, or a posting without a balance', () => {
      expect(() => buildStatement({ ...base, coins: [btc({ postings: [posting(3, 200_000n, 200_001n)] })] })).toThrow(
        /BTC posting 3: opening 0\.00000000 plus the postings gives 0\.00200000, the posting says 0\.00200001/,
      );
      expect(() => buildStatement({ ...base, coins: [btc({ closing: 150_001n })] })).toThrow(
        /BTC: .* but the closing balance is 0\.00150001/,
      );
      expect(() => buildStatement({ ...base, coins: [btc({ postings: [posting(3, 150_000n, null)] })] })).toThrow(
        StatementMismatch,
      );
      expect(() => buildStatement({ ...base, coins: [btc({ opening: 1n })] })).toThrow(StatementMismatch);
    });

    it('the CSV keeps the dollars’ table and adds a coins block after an empty line; stored figures read back', () => {
      const s = buildStatement({ ...base, coins: [btc({})] });
      const lines = statementCsv(s).split('\r\n');
      const blank = lines.indexOf('');
      expect(lines.slice(0, blank)).toEqual(statementCsv(buildStatement(base)).split('\r\n').slice(0, -1));
      expect(lines.slice(blank + 1, -1)).toEqual([
        STATEMENT_COIN_CSV_HEADER.join(','),
        'opening balance,BTC,2026-02-01,,,,0.00000000',
        'entry,BTC,2026-02-12,Trade,Trade #9f8e7d6c,0.00200000,0.00200000',
        'entry,BTC,2026-02-12,Trade,Trade #9f8e7d6c,-0.00050000,0.00150000',
        'closing balance,BTC,2026-02-28,,,,0.00150000',
      ]);
      expect(figuresFromJson(figuresToJson(s))).toEqual(s);
      // Statements issued before #30 have no `coins` in their figures: read as none.
      const { coins: _, ...before } = JSON.parse(figuresToJson(buildStatement(base))) as Record<string, unknown>;
      expect(figuresFromJson(JSON.stringify(before)).coins).toEqual([]);
    });
  });
});
