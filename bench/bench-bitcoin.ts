// Bitcoin deposits (#20): `pnpm bench bitcoin` (or `pnpm exec tsx bench/bench-bitcoin.ts`). Stores BENCH_MEMBERS
// members (default 100,000) each with a deposit address, then times the chain watcher scanning one block of
// BENCH_TXS transactions (default 3,000, two outputs each, 20 of them paying members) from a fake Esplora
// server over HTTP: pages fetched, every output looked up in the address index, payments stored. The addresses
// are random P2WPKH scripts (deriving 100,000 real ones only slows the setup: the scan sees scripts either way).
// PostgreSQL from BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL when set, else in-memory PGlite.
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  type AddressIndex,
  createBitcoinWatcher,
  createEsploraClient,
  createTestDb,
  type FakeTx,
  loadConfig,
  ManualClock,
  matchOutputs,
  startFakeEsplora,
} from '@vestora/server/bench';
import { recordBench } from './bench-report.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const TXS = Number(process.env.BENCH_TXS ?? 3_000);
const PAYING = 20;
/** A valid mainnet zpub (BIP84's test vector): turns the feature on; the bench stores its own scripts. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

const script = () => `0014${randomBytes(20).toString('hex')}`;

async function main() {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  process.env.VESTORA_TEST_DB = base ? 'pg' : 'pglite';
  if (base) process.env.TEST_DATABASE_URL = base;
  const handle = await createTestDb();
  const label = base ? `PostgreSQL (${new URL(base).host})` : 'PGlite (in memory)';
  const chain = await startFakeEsplora();
  const clock = new ManualClock('2026-11-27T12:00:00.000Z');
  const config = loadConfig({ LOG_LEVEL: 'silent', BTC_XPUB: ZPUB, ESPLORA_URL: chain.url });
  try {
    const scripts: { userId: string; script: string }[] = [];
    for (let i = 0; i < MEMBERS; i += 1_000) {
      const n = Math.min(1_000, MEMBERS - i);
      const users = Array.from({ length: n }, (_, k) => ({
        id: randomUUID(),
        first_name: 'Bench',
        last_name: `Member${i + k}`,
        country: 'PT',
        city: 'Lisbon',
        email: `bench-${i + k}@example.com`,
        password_hash: 'x',
        account_type: 'user' as const,
        referral_code: randomBytes(6).toString('hex'),
      }));
      await handle.db.insertInto('users').values(users).execute();
      const rows = users.map((u, k) => ({
        user_id: u.id,
        derivation_index: i + k,
        address: `bench-address-${i + k}`,
        script_hex: script(),
        created_at: clock.now(),
      }));
      await handle.db.insertInto('bitcoin_addresses').values(rows).execute();
      for (const r of rows) scripts.push({ userId: r.user_id, script: r.script_hex });
    }

    const watcher = createBitcoinWatcher({
      db: handle.db,
      config,
      clock,
      log: { warn() {}, info() {}, error() {} },
      esplora: createEsploraClient(chain.url, { timeoutMs: 60_000 }),
      price: async () => ({ priceCents: 9_000_000, at: clock.now() }),
    });
    // First tick: loads the address index (every member) and starts at the tip.
    const loadStart = performance.now();
    const first = await watcher.tick();
    const loadS = (performance.now() - loadStart) / 1000;
    if (first.error) throw new Error(first.error);

    const txs: FakeTx[] = Array.from({ length: TXS }, (_, i) =>
      chain.tx(
        { scriptHex: i < PAYING ? scripts[(i * 4_999) % scripts.length]!.script : script(), sats: 100_000 + i },
        { scriptHex: script(), sats: 5_000_000 },
      ),
    );
    chain.addBlock(txs);
    const scanStart = performance.now();
    const out = await watcher.tick();
    const scanS = (performance.now() - scanStart) / 1000;
    if (out.error || out.blocksScanned !== 1) throw new Error(`scan failed: ${JSON.stringify(out)}`);
    const stored = await handle.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('method', '=', 'bitcoin')
      .executeTakeFirstOrThrow();
    if (Number(stored.n) !== PAYING) throw new Error(`expected ${PAYING} payments, found ${stored.n}`);

    // The lookup alone: every output of the block against the in-memory index of every member's script.
    const index: AddressIndex = new Map(scripts.map((s) => [s.script, { userId: s.userId, address: '' }]));
    const chainTxs = txs.map((t) => ({
      txid: t.txid,
      inputs: [],
      outputs: t.outputs.map((o, vout) => ({ vout, scriptHex: o.scriptHex, address: null, sats: o.sats })),
      block: null,
    }));
    const matchStart = performance.now();
    const found = matchOutputs(chainTxs, index);
    const matchMs = performance.now() - matchStart;
    if (found.length !== PAYING) throw new Error(`matchOutputs found ${found.length}`);
    await watcher.stop();

    recordBench(
      'bitcoin',
      [
        {
          metric: `scan one block of ${TXS.toLocaleString('en-US')} txs (fetch over HTTP, match, store ${PAYING} payments)`,
          value: Number(scanS.toFixed(3)),
          unit: 's',
          baseline: `${MEMBERS.toLocaleString('en-US')} member addresses`,
          target: '< 1 s',
          met: scanS < 1,
        },
        {
          metric: `match ${(TXS * 2).toLocaleString('en-US')} outputs against the address index`,
          value: Number(matchMs.toFixed(2)),
          unit: 'ms',
          baseline: `${MEMBERS.toLocaleString('en-US')} scripts in a Map`,
        },
        {
          metric: 'first tick: load every address into the index, read the tip',
          value: Number(loadS.toFixed(3)),
          unit: 's',
          baseline: `${MEMBERS.toLocaleString('en-US')} addresses`,
        },
      ],
      [`database: ${label}`, `fake Esplora requests in all: ${chain.requests}`],
    );
  } finally {
    await chain.close();
    await handle.close();
  }
}

await main();
