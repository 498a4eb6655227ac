import { describe, expect, it } from 'vitest';
import { fifo } from './trade.portfolio.ts';
import type { TradeRow } from './trade.repo.ts';

const trade = (at: string, t: Partial<TradeRow>): TradeRow => ({
  id: at,
  seq: '1',
  quote_id: at,
  user_id: 'u',
  from_asset: 'USD',
  to_asset: 'BTC',
  from_amount: '0',
  to_amount: '0',
  usd_gross_cents: '0',
  usd_net_cents: '0',
  spread_cents: '0',
  fee_cents: '0',
  prices: [],
  created_at: new Date(at),
  ...t,
});

describe('FIFO lots', () => {
  it('counts coins received by a Bitcoin deposit as a lot at their value then, in time order with trades', () => {
    const { open, pieces } = fifo(
      [
        // Bought 1 BTC for $20,000.00 on 2 March, after a deposit of 0.5 BTC worth $5,000.00 on 1 March.
        trade('2026-03-02T00:00:00Z', { to_amount: '100000000', usd_gross_cents: '2000000', usd_net_cents: '2000000' }),
        // Sold 1 BTC for $30,000.00 net on 3 March: the deposit's 0.5 first, then half of the bought coin.
        trade('2026-03-03T00:00:00Z', {
          from_asset: 'BTC',
          to_asset: 'USD',
          from_amount: '100000000',
          to_amount: '3000000',
          usd_gross_cents: '3000000',
          usd_net_cents: '3000000',
        }),
      ],
      [{ asset: 'BTC', amount: 50_000_000n, cost: 500_000n, at: new Date('2026-03-01T00:00:00Z') }],
    );
    expect(pieces.map((p) => [p.amount, p.proceeds, p.cost])).toEqual([
      [50_000_000n, 1_500_000n, 500_000n],
      [50_000_000n, 1_500_000n, 1_000_000n],
    ]);
    expect(open.get('BTC')).toEqual([{ amount: 50_000_000n, cost: 1_000_000n, at: new Date('2026-03-02T00:00:00Z') }]);
  });

  it('opens a lot for coins received after the last trade too', () => {
    const { open } = fifo([], [{ asset: 'BTC', amount: 7n, cost: 0n, at: new Date('2026-03-01T00:00:00Z') }]);
    expect(open.get('BTC')).toHaveLength(1);
  });
});
