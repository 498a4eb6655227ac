// Starting the chain watcher in the server: the block source from ESPLORA_URL, the price from the market service.
import type { AppDeps } from '../../deps.ts';
import type { JobRunner } from '../job/job.runner.ts';
import type { MarketService } from '../market/market.service.ts';
import { accountKeyOf } from './bitcoin.service.ts';
import { type BitcoinWatcher, createBitcoinWatcher, type PriceSource } from './bitcoin.watcher.ts';
import { createEsploraClient } from './esplora.client.ts';

/** The BTC price from the market data the app already serves, with the time the feed was read. */
export function marketPriceSource(market: MarketService): PriceSource {
  return async () => {
    const data = await market.getCoins();
    const btc = data.coins.find((c) => c.id === 'bitcoin');
    if (!btc || btc.current_price === null || !(btc.current_price > 0)) return null;
    return { priceCents: Math.round(btc.current_price * 100), at: new Date(data.fetchedAt) };
  };
}

/** Starts the watcher when BTC_XPUB is set (null otherwise: nothing runs). */
export function startBitcoinWatcher(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'log' | 'market'>,
  jobs?: JobRunner,
): BitcoinWatcher | null {
  if (!accountKeyOf(deps.config)) return null;
  const watcher = createBitcoinWatcher({
    db: deps.db,
    config: deps.config,
    clock: deps.clock,
    log: deps.log,
    esplora: createEsploraClient(deps.config.ESPLORA_URL),
    price: marketPriceSource(deps.market),
  });
  watcher.start(jobs);
  return watcher;
}
