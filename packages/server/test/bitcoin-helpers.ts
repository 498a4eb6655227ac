import type { TestUser } from '../src/test/factories.ts';
import { deriveAddress, parseAccountKey } from '../src/modules/bitcoin/bitcoin.derive.ts';
import { type BitcoinWatcher, createBitcoinWatcher, type PriceQuote } from '../src/modules/bitcoin/bitcoin.watcher.ts';
import { createEsploraClient } from '../src/modules/bitcoin/esplora.client.ts';
import { type FakeEsplora, type FakeOutput, startFakeEsplora } from '../src/test/fake-esplora.ts';
import { callerAs, insertUser, setDepositAccount } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { ManualClock } from '../src/test/manual-clock.ts';

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
  admin: TestUser;
  /** What the price source answers (null: no price). */
  price: { quote: PriceQuote | null };
  /** The rig's watcher (one instance: a second one waits for its lease). */
  w: BitcoinWatcher;
  /** A watcher on the rig's database, clock and chain (a new instance each call). */
  watcher(opts?: { owner?: string; leaseMs?: number }): BitcoinWatcher;
  /** The memos of the ledger entries of one deposit. */
  memosFor(depositId: string): Promise<string[]>;
  /** The member's deposit output: their address and script, as deposit.instructions gives it. */
  payTo(user: TestUser, sats: number): Promise<FakeOutput>;
  close(): Promise<void>;
}

/** An app with Bitcoin deposits on (BIP84 vector key), a fake Esplora chain, a manual clock and an admin. */
export async function startBitcoinRig(env: Record<string, string> = {}): Promise<BitcoinRig> {
  const chain = await startFakeEsplora();
  const clock = new ManualClock('2026-11-27T12:00:00.000Z');
  const t = await startTestApp({
    clock,
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
    admin,
    price,
    w,
    watcher,
    async memosFor(depositId) {
      const rows = await t.handle.db
        .selectFrom('ledger_entries')
        .select('memo')
        .where('ref_id', '=', depositId)
        .orderBy('seq')
        .execute();
      return rows.map((r) => r.memo ?? '');
    },
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
