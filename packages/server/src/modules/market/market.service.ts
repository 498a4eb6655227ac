import type { TMarketCoins } from '@vestora/contract';
import type { Config } from '../../config.ts';

// placeholder: replaced by the market module's owner.
export interface MarketService {
  getCoins(): Promise<TMarketCoins>;
}

export function createMarketService(_config: Config): MarketService {
  return {
    async getCoins() {
      return { coins: [], source: 'snapshot', fetchedAt: new Date(0).toISOString() };
    },
  };
}
