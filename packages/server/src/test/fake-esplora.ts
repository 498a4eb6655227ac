import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';

/** An output as a test writes it: to a script (hex) and optionally its address, with a value in satoshis. */
export interface FakeOutput {
  scriptHex: string;
  address?: string;
  sats: number;
}

/** A transaction in the fake chain (txid made up unless given). */
export interface FakeTx {
  txid: string;
  /** The outpoints it spends (#32; none: a transaction from outside that spends nothing we know). */
  inputs?: { txid: string; vout: number }[];
  outputs: FakeOutput[];
}

/** A block: its hash and transactions. */
interface FakeBlock {
  hash: string;
  txs: FakeTx[];
}

export interface FakeEsplora {
  /** Base URL to use as ESPLORA_URL. */
  url: string;
  /** Requests received so far. */
  readonly requests: number;
  height(): number;
  /** A transaction paying `outputs` (a fresh txid). */
  tx(...outputs: FakeOutput[]): FakeTx;
  /** A transaction spending `inputs` and paying `outputs` (a fresh txid). */
  spend(inputs: { txid: string; vout: number }[], ...outputs: FakeOutput[]): FakeTx;
  /** Mines a block on the tip with these transactions (taken out of the mempool); answers its height. */
  addBlock(txs?: FakeTx[]): number;
  /** Mines `n` empty blocks. */
  addBlocks(n: number): void;
  /** Puts a transaction in the mempool. */
  addToMempool(tx: FakeTx): void;
  /** Takes a transaction out of the mempool (replaced or expired: the source no longer knows it). */
  dropFromMempool(txid: string): void;
  /**
   * Replaces the top `depth` blocks with `newBlocks` (each a list of transactions). Transactions of dropped
   * blocks that are not in the new ones go back to the mempool unless `dropTxs` says they vanish (double spent).
   */
  reorg(depth: number, newBlocks: FakeTx[][], opts?: { dropTxs?: boolean }): void;
  /** While on, every request answers 503. */
  outage(on: boolean): void;
  /** What GET /fee-estimates answers (sat/vB by confirmation target). */
  setFeeEstimates(estimates: Record<string, number>): void;
  /** Transactions POST /tx accepted (#32: real signed transactions, parsed), in order; each went to the mempool. */
  readonly broadcasts: FakeTx[];
  /** While set, POST /tx answers 400 with this reason (as a node refusing a transaction). */
  refuseBroadcasts(reason: string | null): void;
  close(): Promise<void>;
}

const hex32 = () => randomBytes(32).toString('hex');

/**
 * A fake Esplora server (the HTTP API of electrs / mempool.space) with an in-memory chain the test drives:
 * blocks, mempool, a reorg, an outage. Answers the paths the watcher reads, shaped like the real ones.
 */
export async function startFakeEsplora(opts: { startHeight?: number } = {}): Promise<FakeEsplora> {
  const chain: FakeBlock[] = [];
  const mempool = new Map<string, FakeTx>();
  let down = false;
  let requests = 0;
  let feeEstimates: Record<string, number> = { '1': 21.3, '3': 15.2, '6': 10.5, '144': 1.1 };
  const broadcasts: FakeTx[] = [];
  let refusal: string | null = null;
  // The chain starts at a height like a real one (genesis + empty blocks), so heights are not all tiny.
  const start = opts.startHeight ?? 800_000;
  const blockHash = (h: number, salt: string) => createHash('sha256').update(`${h}:${salt}`).digest('hex');
  for (let h = 0; h <= start; h++) chain.push({ hash: blockHash(h, 'main'), txs: [] });
  // Block hash -> height, and txid -> height, so a request costs the same on a long chain.
  const heightOf = new Map(chain.map((b, h) => [b.hash, h]));
  const txHeight = new Map<string, number>();

  const find = (txid: string): { tx: FakeTx; height: number | null } | null => {
    const m = mempool.get(txid);
    if (m) return { tx: m, height: null };
    const h = txHeight.get(txid);
    const tx = h === undefined ? undefined : chain[h]?.txs.find((t) => t.txid === txid);
    return tx && h !== undefined ? { tx, height: h } : null;
  };
  const txJson = (tx: FakeTx, height: number | null) => ({
    txid: tx.txid,
    version: 2,
    locktime: 0,
    vin: (tx.inputs ?? []).map((i) => ({
      txid: i.txid,
      vout: i.vout,
      prevout: null,
      scriptsig: '',
      scriptsig_asm: '',
      witness: [],
      is_coinbase: false,
      sequence: 4294967293,
    })),
    vout: tx.outputs.map((o) => ({
      scriptpubkey: o.scriptHex,
      scriptpubkey_asm: '',
      scriptpubkey_type: 'v0_p2wpkh',
      ...(o.address ? { scriptpubkey_address: o.address } : {}),
      value: o.sats,
    })),
    size: 222,
    weight: 561,
    fee: 141,
    status:
      height === null
        ? { confirmed: false }
        : {
            confirmed: true,
            block_height: height,
            block_hash: chain[height]!.hash,
            block_time: 1_700_000_000 + height,
          },
  });

  const server = http.createServer((req, res) => {
    requests++;
    const send = (status: number, body: unknown) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
      res.end(text);
    };
    if (down) return send(503, 'Service Unavailable');
    const path = (req.url ?? '/').split('?')[0]!;
    let m: RegExpMatchArray | null;
    if (path === '/blocks/tip/height') return send(200, String(chain.length - 1));
    if (path === '/blocks/tip/hash') return send(200, chain[chain.length - 1]!.hash);
    if ((m = path.match(/^\/block-height\/(\d+)$/))) {
      const b = chain[Number(m[1])];
      return b ? send(200, b.hash) : send(404, 'Block not found');
    }
    const byHash = (hash: string) => {
      const h = heightOf.get(hash);
      return h === undefined || chain[h]?.hash !== hash ? null : { h, b: chain[h] };
    };
    if ((m = path.match(/^\/block\/([0-9a-f]{64})$/))) {
      const f = byHash(m[1]!);
      return f ? send(200, { id: f.b.hash, height: f.h, tx_count: f.b.txs.length }) : send(404, 'Block not found');
    }
    if ((m = path.match(/^\/block\/([0-9a-f]{64})\/txids$/))) {
      const f = byHash(m[1]!);
      return f
        ? send(
            200,
            f.b.txs.map((t) => t.txid),
          )
        : send(404, 'Block not found');
    }
    if ((m = path.match(/^\/block\/([0-9a-f]{64})\/txs(?:\/(\d+))?$/))) {
      const f = byHash(m[1]!);
      if (!f) return send(404, 'Block not found');
      const startIndex = Number(m[2] ?? 0);
      if (startIndex % 25 !== 0 || (startIndex > 0 && startIndex >= f.b.txs.length))
        return send(400, 'start index out of range');
      return send(
        200,
        f.b.txs.slice(startIndex, startIndex + 25).map((t) => txJson(t, f.h)),
      );
    }
    if ((m = path.match(/^\/tx\/([0-9a-f]{64})(\/status)?$/))) {
      const f = find(m[1]!);
      if (!f) return send(404, 'Transaction not found');
      const j = txJson(f.tx, f.height);
      return send(200, m[2] ? j.status : j);
    }
    if (path === '/mempool/txids') return send(200, [...mempool.keys()]);
    if (path === '/fee-estimates') return send(200, feeEstimates);
    if (path === '/tx' && req.method === 'POST') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const result = acceptRaw(body.trim());
        send(result.ok ? 200 : 400, result.ok ? result.txid : result.reason);
      });
      return;
    }
    return send(404, 'not found');
  });

  /** Outpoints spent by transactions in the chain or the mempool, by their spender. */
  const spender = (o: { txid: string; vout: number }): string | null => {
    for (const t of [...mempool.values(), ...chain.flatMap((b) => b.txs)])
      if (t.inputs?.some((i) => i.txid === o.txid && i.vout === o.vout)) return t.txid;
    return null;
  };

  /** POST /tx as a node takes it: a transaction that parses, spends nothing already spent, goes to the mempool. */
  function acceptRaw(rawHex: string): { ok: true; txid: string } | { ok: false; reason: string } {
    if (refusal) return { ok: false, reason: refusal };
    let tx: Transaction;
    try {
      tx = Transaction.fromRaw(hex.decode(rawHex), { allowUnknownOutputs: true });
    } catch (err) {
      return { ok: false, reason: `TX decode failed: ${err instanceof Error ? err.message : String(err)}` };
    }
    const inputs = Array.from({ length: tx.inputsLength }, (_, i) => {
      const input = tx.getInput(i);
      return { txid: hex.encode(input.txid!), vout: input.index! };
    });
    if (!tx.isFinal || inputs.length === 0) return { ok: false, reason: 'mandatory-script-verify-flag-failed' };
    for (const i of inputs) {
      const by = spender(i);
      if (by && by !== tx.id) return { ok: false, reason: 'bad-txns-inputs-missingorspent' };
    }
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => {
      const o = tx.getOutput(i);
      return { scriptHex: hex.encode(o.script!), sats: Number(o.amount!) };
    });
    const fake: FakeTx = { txid: tx.id, inputs, outputs };
    if (!find(tx.id)) {
      mempool.set(tx.id, fake);
      broadcasts.push(fake);
    }
    return { ok: true, txid: tx.id };
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let forks = 0;

  const api: FakeEsplora = {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    height: () => chain.length - 1,
    tx: (...outputs) => ({ txid: hex32(), outputs }),
    spend: (inputs, ...outputs) => ({ txid: hex32(), inputs, outputs }),
    addBlock(txs = []) {
      const height = chain.length;
      for (const t of txs) {
        mempool.delete(t.txid);
        txHeight.set(t.txid, height);
      }
      const hash = blockHash(height, `main:${forks}:${hex32()}`);
      chain.push({ hash, txs });
      heightOf.set(hash, height);
      return height;
    },
    addBlocks(n) {
      for (let i = 0; i < n; i++) api.addBlock();
    },
    addToMempool(tx) {
      mempool.set(tx.txid, tx);
    },
    dropFromMempool(txid) {
      mempool.delete(txid);
    },
    reorg(depth, newBlocks, o = {}) {
      forks++;
      const dropped = chain.splice(chain.length - depth, depth);
      for (const b of dropped) {
        heightOf.delete(b.hash);
        for (const t of b.txs) if (txHeight.get(t.txid) !== undefined) txHeight.delete(t.txid);
      }
      for (const txs of newBlocks) api.addBlock(txs);
      if (o.dropTxs) return;
      const kept = new Set(newBlocks.flat().map((t) => t.txid));
      for (const b of dropped) for (const t of b.txs) if (!kept.has(t.txid)) mempool.set(t.txid, t);
    },
    outage(on) {
      down = on;
    },
    setFeeEstimates(e) {
      feeEstimates = e;
    },
    broadcasts,
    refuseBroadcasts(reason) {
      refusal = reason;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return api;
}
