// The one adapter for the Esplora HTTP API (electrs, mempool.space, Blockstream): its JSON is read here and the
// watcher sees plain typed records.
import { z } from 'zod';

/** One output of a transaction: its index, script (hex), address when standard, and value. */
export interface ChainOutput {
  vout: number;
  scriptHex: string;
  address: string | null;
  sats: number;
}

/** An outpoint a transaction spends. */
export interface ChainInput {
  txid: string;
  vout: number;
}

/** A transaction as the watcher needs it. */
export interface ChainTx {
  txid: string;
  /** The outputs it spends (none for a coinbase). */
  inputs: ChainInput[];
  outputs: ChainOutput[];
  /** The block it is in, or null while it is in the mempool. */
  block: { height: number; hash: string } | null;
}

export class EsploraError extends Error {}

/** The source refused a transaction we broadcast (its own words, e.g. "bad-txns-inputs-missingorspent"). */
export class BroadcastRefused extends EsploraError {
  constructor(readonly reason: string) {
    super(`The block source refused the transaction: ${reason}`);
  }
}

const ZEsploraTx = z.object({
  txid: z.string(),
  vin: z
    .array(
      z.object({
        txid: z.string(),
        vout: z.number().int().nonnegative(),
        is_coinbase: z.boolean().optional(),
      }),
    )
    .default([]),
  vout: z.array(
    z.object({
      scriptpubkey: z.string(),
      scriptpubkey_address: z.string().optional(),
      value: z.number().int().nonnegative(),
    }),
  ),
  status: z.object({
    confirmed: z.boolean(),
    block_height: z.number().int().optional(),
    block_hash: z.string().optional(),
  }),
});

const toChainTx = (raw: unknown): ChainTx => {
  const t = ZEsploraTx.parse(raw);
  return {
    txid: t.txid,
    inputs: t.vin.filter((i) => !i.is_coinbase).map((i) => ({ txid: i.txid.toLowerCase(), vout: i.vout })),
    outputs: t.vout.map((o, vout) => ({
      vout,
      scriptHex: o.scriptpubkey.toLowerCase(),
      address: o.scriptpubkey_address ?? null,
      sats: o.value,
    })),
    block:
      t.status.confirmed && t.status.block_height !== undefined && t.status.block_hash
        ? { height: t.status.block_height, hash: t.status.block_hash }
        : null,
  };
};

/** What the watcher reads from the chain. */
export interface EsploraClient {
  tipHeight(): Promise<number>;
  /** The hash of the main-chain block at `height`. */
  blockHash(height: number): Promise<string>;
  /** Every transaction of a block, in order. */
  blockTxs(hash: string): Promise<ChainTx[]>;
  /** A transaction, or null when the source does not know it. */
  tx(txid: string): Promise<ChainTx | null>;
  /** The txids in the source's mempool. */
  mempoolTxids(): Promise<string[]>;
  /** Fee rates (sat/vB) by confirmation target in blocks ("1", "6", "144"...), as the source estimates them. */
  feeEstimates(): Promise<Record<string, number>>;
  /**
   * Broadcasts a signed transaction (hex) and answers its txid. Throws BroadcastRefused when the source says no
   * (a 4xx), EsploraError when it cannot be asked.
   */
  broadcast(rawHex: string): Promise<string>;
}

/** Esplora serves a block's transactions 25 at a time. */
const PAGE = 25;
/** Pages of one block fetched at once. */
const PARALLEL_PAGES = 8;

/** A client for the Esplora API at `baseUrl` (e.g. https://mempool.space/api or http://127.0.0.1:3002). */
export function createEsploraClient(
  baseUrl: string,
  opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
): EsploraClient {
  const base = baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function get(path: string, allow404 = false): Promise<Response | null> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new EsploraError(
        `The block source (ESPLORA_URL) did not answer ${path}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (allow404 && res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new EsploraError(`The block source (ESPLORA_URL) answered ${res.status} to ${path}`);
    }
    return res;
  }
  const text = async (path: string) => (await (await get(path))!.text()).trim();
  const json = async (path: string): Promise<unknown> => (await get(path))!.json();

  return {
    async tipHeight() {
      const t = await text('/blocks/tip/height');
      if (!/^\d+$/.test(t))
        throw new EsploraError(`The block source sent a tip height that is not a number: ${t.slice(0, 40)}`);
      return Number(t);
    },
    async blockHash(height) {
      const h = await text(`/block-height/${height}`);
      if (!/^[0-9a-f]{64}$/i.test(h))
        throw new EsploraError(`The block source sent no block hash for height ${height}`);
      return h.toLowerCase();
    },
    async blockTxs(hash) {
      const info = z.object({ tx_count: z.number().int().nonnegative() }).parse(await json(`/block/${hash}`));
      const starts: number[] = [];
      for (let s = 0; s < info.tx_count; s += PAGE) starts.push(s);
      const pages: ChainTx[][] = new Array(starts.length);
      for (let i = 0; i < starts.length; i += PARALLEL_PAGES) {
        await Promise.all(
          starts.slice(i, i + PARALLEL_PAGES).map(async (s, j) => {
            const raw = z.array(z.unknown()).parse(await json(`/block/${hash}/txs/${s}`));
            pages[i + j] = raw.map(toChainTx);
          }),
        );
      }
      return pages.flat();
    },
    async tx(txid) {
      const res = await get(`/tx/${txid}`, true);
      return res ? toChainTx(await res.json()) : null;
    },
    async mempoolTxids() {
      return z.array(z.string()).parse(await json('/mempool/txids'));
    },
    async feeEstimates() {
      return z.record(z.string(), z.number().nonnegative()).parse(await json('/fee-estimates'));
    },
    async broadcast(rawHex) {
      let res: Response;
      try {
        res = await doFetch(`${base}/tx`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: rawHex,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new EsploraError(
          `The block source (ESPLORA_URL) did not answer /tx: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      const body = (await res.text()).trim();
      if (res.status >= 400 && res.status < 500) throw new BroadcastRefused(body.slice(0, 300) || `HTTP ${res.status}`);
      if (!res.ok) throw new EsploraError(`The block source (ESPLORA_URL) answered ${res.status} to /tx`);
      if (!/^[0-9a-f]{64}$/i.test(body)) throw new EsploraError('The block source answered /tx without a txid');
      return body.toLowerCase();
    },
  };
}
