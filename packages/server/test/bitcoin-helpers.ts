import { sql } from 'kysely';
import type { TestUser } from '../src/test/factories.ts';
import { deriveAddress, parseAccountKey } from '../src/modules/bitcoin/bitcoin.derive.ts';
import { type BitcoinWatcher, createBitcoinWatcher, type PriceQuote } from '../src/modules/bitcoin/bitcoin.watcher.ts';
import { createEsploraClient } from '../src/modules/bitcoin/esplora.client.ts';
import { type FakeEsplora, type FakeOutput, startFakeEsplora } from '../src/test/fake-esplora.ts';
import { callerAs, insertUser, setDepositAccount } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { type LiveMarket, liveMarket } from '../src/test/live-market.ts';

/** BIP84's test vector account key ("abandon ... about"). */
export const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

/** A BTC price of $90,000.00, in cents. */
export const PRICE_CENTS = 9_000_000;

export const silentLog = { warn() {}, info() {}, error() {} };

export interface BitcoinRig {
  t: TestApp;
  chain: FakeEsplora;
  clock: ManualClock;
  /** With `livePrices`: the market feed, fresh now at PRICE_CENTS a bitcoin (what a Bitcoin withdrawal is valued at). */
  market: LiveMarket | null;
  admin: TestUser;
  /** What the price source answers (null: no price). */
  price: { quote: PriceQuote | null };
  /** The rig's watcher (one instance: a second one waits for its lease). */
  w: BitcoinWatcher;
  /** A watcher on the rig's database, clock and chain (a new instance each call). */
  watcher(opts?: { owner?: string; leaseMs?: number }): BitcoinWatcher;
  /** The memos of the journal movements of one deposit (any asset). */
  memosFor(depositId: string): Promise<string[]>;
  /** The journal movements of one deposit: asset, kind and the member's amount (BTC in satoshis). */
  movementsFor(depositId: string): Promise<{ asset: string; kind: string; amount: bigint }[]>;
  /** The member's BTC available balance, in satoshis. */
  satsOf(userId: string): Promise<bigint>;
  /** The member's deposit output: their address and script, as deposit.instructions gives it. */
  payTo(user: TestUser, sats: number): Promise<FakeOutput>;
  close(): Promise<void>;
}

/** An app with Bitcoin deposits on (BIP84 vector key), a fake Esplora chain, a manual clock and an admin. */
export async function startBitcoinRig(
  env: Record<string, string> = {},
  opts: { livePrices?: boolean } = {},
): Promise<BitcoinRig> {
  const chain = await startFakeEsplora();
  const clock = new ManualClock('2026-11-27T12:00:00.000Z');
  const market = opts.livePrices ? liveMarket(clock, { BTC: PRICE_CENTS / 100 }) : null;
  const t = await startTestApp({
    clock,
    ...(market ? { market } : {}),
    env: { BTC_XPUB: ZPUB, BTC_NETWORK: 'mainnet', ESPLORA_URL: chain.url, BTC_CONFIRMATIONS: '2', ...env },
  });
  const admin = await insertUser(t.handle.db, { accountType: 'admin' });
  await setDepositAccount(t, admin, {
    accountNumber: '4000 1234 56',
    bankName: 'First Dollar Bank',
    accountHolder: 'Vestora Ltd',
  });
  const price: { quote: PriceQuote | null } = { quote: { priceCents: PRICE_CENTS, at: clock.now() } };
  const key = parseAccountKey(ZPUB, 'mainnet');
  const watcher = (o: { owner?: string; leaseMs?: number } = {}) =>
    createBitcoinWatcher({
      db: t.handle.db,
      config: t.config,
      clock,
      log: silentLog,
      esplora: createEsploraClient(chain.url, { timeoutMs: 10_000 }),
      price: async () => price.quote,
      ...o,
    });
  const w = watcher({ owner: 'rig' });
  return {
    t,
    chain,
    clock,
    market,
    admin,
    price,
    w,
    watcher,
    async memosFor(depositId) {
      const rows = await t.handle.db
        .selectFrom('ledger_movements')
        .select('memo')
        .where('ref_type', '=', 'deposit')
        .where('ref_id', '=', depositId)
        .orderBy('seq')
        .execute();
      return rows.map((r) => r.memo ?? '');
    },
    movementsFor: (depositId) => movementsFor(t, depositId),
    satsOf: (userId) => satsOf(t, userId),
    async payTo(user, sats) {
      const ins = await callerAs(t, user).deposit.instructions();
      if (!ins.bitcoin) throw new Error('no bitcoin instructions');
      const { address, scriptHex } = deriveAddress(key, Number(user.seq));
      if (address !== ins.bitcoin.address) throw new Error('instructions address differs from the derivation');
      return { scriptHex, address, sats };
    },
    async close() {
      await w.stop();
      await t.close();
      await chain.close();
    },
  };
}

/** A member's BTC available balance in satoshis (0 before their first BTC posting opens the account). */
export async function satsOf(t: TestApp, userId: string): Promise<bigint> {
  const row = await t.handle.db
    .selectFrom('ledger_accounts')
    .select(sql<string>`balance::text`.as('balance'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'available')
    .where('asset', '=', 'BTC')
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
}

/** The journal movements of one deposit with the member's leg: asset, kind and amount (smallest unit). */
export async function movementsFor(
  t: TestApp,
  depositId: string,
): Promise<{ asset: string; kind: string; amount: bigint }[]> {
  const rows = await t.handle.db
    .selectFrom('ledger_movements as m')
    .innerJoin('ledger_postings as p', 'p.movement_id', 'm.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['m.asset', 'm.kind', sql<string>`p.amount::text`.as('amount')])
    .where('m.ref_type', '=', 'deposit')
    .where('m.ref_id', '=', depositId)
    .where('a.user_id', 'is not', null)
    .orderBy('m.seq')
    .execute();
  return rows.map((r) => ({ asset: r.asset, kind: r.kind, amount: BigInt(r.amount) }));
}
