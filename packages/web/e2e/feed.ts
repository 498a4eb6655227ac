/**
 * The market feed the e2e server talks to: the server's fake feed (packages/server/src/test/fake-market-feed.ts)
 * serving a coin list chosen for the browser tests, so they never need the network.
 */
import {
  type FakeFeedCoin,
  type FakeMarketFeed,
  fakeLogoPath,
  startFakeMarketFeed,
} from '../../server/src/test/fake-market-feed.ts';

export interface FeedCoin {
  id: string;
  name: string;
  symbol: string;
  image: string;
  current_price: number;
  price_change_percentage_24h: number;
  total_volume: number;
  market_cap: number;
}

export interface FakeFeed {
  url: string;
  /** The coins the feed answers with, in market-cap order. */
  coins: FeedCoin[];
  /** The server's fake feed itself (to change its behaviour). */
  server: FakeMarketFeed;
  close(): Promise<void>;
}

const NAMES: Array<[string, string]> = [
  ['Bitcoin', 'btc'],
  ['Ethereum', 'eth'],
  ['Tether', 'usdt'],
  ['BNB', 'bnb'],
  ['Solana', 'sol'],
  ['USD Coin', 'usdc'],
  ['XRP', 'xrp'],
  ['Dogecoin', 'doge'],
  ['Toncoin', 'ton'],
  ['Cardano', 'ada'],
  ['Avalanche', 'avax'],
  ['Shiba Inu', 'shib'],
  ['Polkadot', 'dot'],
  ['Chainlink', 'link'],
  ['Tron', 'trx'],
  ['Polygon', 'matic'],
  ['Bitcoin Cash', 'bch'],
  ['Near Protocol', 'near'],
  ['Litecoin', 'ltc'],
  ['Internet Computer', 'icp'],
  ['Uniswap', 'uni'],
  ['Dai', 'dai'],
  ['Aptos', 'apt'],
  ['Ethereum Classic', 'etc'],
  ['Stellar', 'xlm'],
  ['Monero', 'xmr'],
  ['OKB', 'okb'],
  ['Filecoin', 'fil'],
  ['Cosmos Hub', 'atom'],
  ['Hedera', 'hbar'],
  ['Arbitrum', 'arb'],
  ['Cronos', 'cro'],
  ['VeChain', 'vet'],
  ['Maker', 'mkr'],
  ['Optimism', 'op'],
  ['Injective', 'inj'],
  ['The Graph', 'grt'],
  ['Aave', 'aave'],
  ['Algorand', 'algo'],
  ['Quant', 'qnt'],
  ['Stacks', 'stx'],
  ['Fantom', 'ftm'],
  ['Theta Network', 'theta'],
  ['Flow', 'flow'],
  ['Tezos', 'xtz'],
  ['Axie Infinity', 'axs'],
  ['The Sandbox', 'sand'],
  ['Decentraland', 'mana'],
  ['EOS', 'eos'],
  ['Kava', 'kava'],
  ['Neo', 'neo'],
  ['IOTA', 'miota'],
  ['Zcash', 'zec'],
  ['Dash', 'dash'],
  ['Chiliz', 'chz'],
  ['Curve DAO', 'crv'],
  ['PancakeSwap', 'cake'],
  ['Gala', 'gala'],
  ['Mina', 'mina'],
  ['Synthetix', 'snx'],
];

const STABLECOINS = new Set(['usdt', 'usdc', 'dai']);

/**
 * 60 deterministic coins (so Show More can run out: 10, 35, 60), with names that overlap on purpose
 * (Bitcoin / Bitcoin Cash) and a symbol found in no name (xmr); every third one fell over the last 24 h.
 */
export function buildFeedCoins(): FeedCoin[] {
  return NAMES.map(([name, symbol], i) => {
    const cap = Math.round(1.2e12 / (i + 1) ** 1.6);
    return {
      id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name,
      symbol,
      // The feed's own image host (startFeed points it at the fake's /logos/): our server fetches it, the
      // browser never does (it loads /api/market/logo/:coinId).
      image: `https://coin-images.example.com${fakeLogoPath(symbol)}`,
      current_price: STABLECOINS.has(symbol) ? 1 : Math.round((60_000 / (i + 1) ** 1.3) * 100) / 100,
      price_change_percentage_24h: i % 3 === 2 ? -((i % 7) + 0.537) : (i % 5) + 0.251,
      total_volume: Math.round(cap / 20),
      market_cap: cap,
    };
  });
}

/** Starts the server's fake feed on a free port of 127.0.0.1 with the coins above. */
export async function startFeed(): Promise<FakeFeed> {
  const coins = buildFeedCoins();
  const rows: FakeFeedCoin[] = coins.map((c, i) => ({
    ...c,
    market_cap_rank: i + 1,
    last_updated: '2026-01-01T00:00:00.000Z',
  }));
  const server = await startFakeMarketFeed({ coins: rows });
  // The logos on the fake itself (another port of 127.0.0.1: still another origin than the app's).
  for (const coin of [...coins, ...server.coins])
    coin.image = coin.image.replace('https://coin-images.example.com', server.url);
  return { url: server.url, coins, server, close: () => server.close() };
}
