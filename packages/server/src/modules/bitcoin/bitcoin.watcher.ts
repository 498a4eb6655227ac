// The chain watcher: reads new blocks from an Esplora source, records payments to members' addresses (one Map
// lookup per output, so a block costs the same with 10 or 100,000 members), credits each once at
// BTC_CONFIRMATIONS through the money core and walks back after a reorg (payouts: bitcoin.payouts.ts). One
// instance scans at a time (a lease row in the database); every effect is keyed in the database, so a second
// instance or a restart cannot credit twice.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { LineLogger } from '../../lib/line-logger.ts';
import { type Job, type JobRunner, runnerFor } from '../job/job.runner.ts';
import { runTransition, runTransitionIn } from '../money/money.core.ts';
import { maxBatchChangeIndex } from './bitcoin.batch.repo.ts';
import { settleBatches } from './bitcoin.batch.settle.ts';
import { deriveAddress } from './bitcoin.derive.ts';
import { bitcoinDepositFlow, type ChainFacts } from './bitcoin.flow.ts';
import * as repo from './bitcoin.repo.ts';
import { accountKeyOf } from './bitcoin.service.ts';
import * as coins from './bitcoin.utxo.repo.ts';
import type { ChainTx, EsploraClient } from './esplora.client.ts';
import { BITCOIN_EXCEPTION_TEXT, formatEnglish } from '@vestora/contract';

/** The BTC price in cents and when the market source quoted it. */
export interface PriceQuote {
  priceCents: number;
  at: Date;
}
export type PriceSource = () => Promise<PriceQuote | null>;

/** A credit records its dollar value only at a price younger than this (#30: the credit itself needs none). */
export const PRICE_MAX_AGE_MS = 10 * 60_000;
/** Blocks scanned in one tick at most (a long catch-up goes on in the next ticks). */
const MAX_BLOCKS_PER_TICK = 100;
/** New mempool transactions fetched per tick at most (the mempool only shows "seen"; blocks are what credit). */
const MEMPOOL_TXS_PER_TICK = 500;
/** Hashes of recent blocks kept, to find the fork point of a reorg. */
const KEEP_BLOCKS = 200;
/** Change addresses (m/1/i) watched past the highest one paid (BIP44's gap limit). */
export const CHANGE_GAP = 20;

/** Every address of BTC_XPUB the watcher knows, by scriptPubKey (hex): the members' and the change chain's. */
export type WalletIndex = Map<string, { address: string; chain: 0 | 1; index: number }>;

/** Every output of `txs` paying an address of ours (#32: the coins we hold, dust included). */
export function ownOutputs(txs: readonly ChainTx[], wallet: WalletIndex): coins.OwnOutput[] {
  const found: coins.OwnOutput[] = [];
  for (const tx of txs) {
    for (const o of tx.outputs) {
      const w = wallet.get(o.scriptHex);
      if (w) found.push({ ...w, txid: tx.txid, vout: o.vout, scriptHex: o.scriptHex, sats: o.sats });
    }
  }
  return found;
}

/** A payment's chain facts for a move that credits nothing (no price, no credit). */
const unpriced = (p: { txid: string; vout: number; sats: number }): ChainFacts => ({
  txid: p.txid,
  vout: p.vout,
  sats: p.sats,
  price_cents: null,
  price_at: null,
  credited_asset: null,
  value_cents: null,
});

/** Our addresses by scriptPubKey (hex). */
export type AddressIndex = Map<string, { userId: string; address: string }>;

/** An output paying one of our addresses. */
export interface FoundPayment {
  userId: string;
  address: string;
  txid: string;
  vout: number;
  sats: number;
}

/** Every output of `txs` that pays an address in `index`: one Map lookup per output. */
export function matchOutputs(txs: readonly ChainTx[], index: AddressIndex): FoundPayment[] {
  const found: FoundPayment[] = [];
  for (const tx of txs) {
    for (const o of tx.outputs) {
      const ours = index.get(o.scriptHex);
      if (ours) found.push({ userId: ours.userId, address: ours.address, txid: tx.txid, vout: o.vout, sats: o.sats });
    }
  }
  return found;
}

export interface TickOutcome {
  /** Another instance holds the scan lease. */
  skipped: boolean;
  blocksScanned: number;
  height: number | null;
  tipHeight: number | null;
  credited: number;
  error: string | null;
}

export interface BitcoinWatcher {
  /** One pass: reorg check, new blocks, credits, mempool. Never throws (an error is recorded). */
  tick(): Promise<TickOutcome>;
  /** Ticks now and BTC_POLL_MS after each tick, as a job of `jobs` (or of a runner of its own). */
  start(jobs?: JobRunner): void;
  /** Stops the timer, waits for a running tick and gives the lease up. */
  stop(): Promise<void>;
}

export interface BitcoinWatcherOptions {
  db: Database;
  config: Config;
  clock: Clock;
  log: LineLogger;
  esplora: EsploraClient;
  price: PriceSource;
  /** This instance's name in the lease row (random by default). */
  owner?: string;
  /** How long a lease lasts without renewal (default: twice the poll interval, at least a minute). */
  leaseMs?: number;
}

/** A watcher for the configured chain (nothing runs until start() or tick()). */
export function createBitcoinWatcher(opts: BitcoinWatcherOptions): BitcoinWatcher {
  const { db, config, clock, log, esplora } = opts;
  const owner = opts.owner ?? `watcher-${randomUUID()}`;
  const leaseMs = opts.leaseMs ?? Math.max(2 * config.BTC_POLL_MS, 60_000);
  const index: AddressIndex = new Map();
  const wallet: WalletIndex = new Map();
  let changeWatched = -1;
  let indexSeq = 0;
  let knownMempool = new Set<string>();
  let job: Job<TickOutcome> | null = null;
  let running: Promise<TickOutcome> | null = null;
  let stopped = false;

  const env = () => ({ now: clock.now(), config });
  const lease = () => repo.takeLease(db, owner, clock.now(), new Date(clock.now().getTime() + leaseMs));

  const addToIndex = (r: Awaited<ReturnType<typeof repo.listAddressesAfter>>[number]) => {
    index.set(r.script_hex, { userId: r.user_id, address: r.address });
    wallet.set(r.script_hex, { address: r.address, chain: 0, index: r.derivation_index });
    indexSeq = Math.max(indexSeq, Number(r.seq));
  };

  /** Loads addresses stored since the last look; a full reload if the count says one was missed. */
  async function refreshIndex(): Promise<void> {
    for (const r of await repo.listAddressesAfter(db, indexSeq)) addToIndex(r);
    if ((await repo.countAddresses(db)) !== index.size) {
      index.clear();
      for (const [k, v] of wallet) if (v.chain === 0) wallet.delete(k);
      indexSeq = 0;
      for (const r of await repo.listAddressesAfter(db, 0)) addToIndex(r);
    }
    // The change chain: every address up to CHANGE_GAP past the highest one paid or given to a payout batch.
    const key = accountKeyOf(config);
    const upTo = Math.max(await coins.maxChangeIndex(db), await maxBatchChangeIndex(db)) + CHANGE_GAP;
    if (key) {
      for (let i = changeWatched + 1; i <= upTo; i++) {
        const { address, scriptHex } = deriveAddress(key, i, 1);
        wallet.set(scriptHex, { address, chain: 1, index: i });
      }
      changeWatched = Math.max(changeWatched, upTo);
    }
  }

  /**
   * The coins a block (`height`) or the mempool (null) shows: our new outputs, and our outputs its transactions
   * spend (an output spent in the block that created it included).
   */
  async function recordCoins(trx: Transaction<DB>, txs: readonly ChainTx[], height: number | null): Promise<void> {
    const now = clock.now();
    await coins.upsertUtxos(trx, ownOutputs(txs, wallet), height, now);
    const prev = [...new Set(txs.flatMap((t) => t.inputs.map((i) => i.txid)))];
    const ours = new Map((await coins.findOwnOutpoints(trx, prev)).map((o) => [`${o.txid}:${o.vout}`, o] as const));
    if (ours.size === 0) return;
    for (const tx of txs) {
      for (const i of tx.inputs) {
        const o = ours.get(`${i.txid}:${i.vout}`);
        if (!o) continue;
        // Already recorded (a mempool sighting adds nothing to a spend recorded from a block).
        if (o.spent_by_txid === tx.txid && (o.spent_height !== null || height === null)) continue;
        // A spend in a block wins over one seen in the mempool; a mempool spend never replaces a confirmed one.
        if (height === null && o.spent_height !== null) continue;
        await coins.markSpent(trx, i, tx.txid, height, now);
      }
    }
  }

  /**
   * Transactions we know only from the mempool (`mempool`: its txids now): one now in a block takes its height;
   * one in neither (double spent, dropped) is forgotten: its outputs dropped, what it spent unspent again.
   */
  async function settlePendingCoins(mempool: ReadonlySet<string>): Promise<void> {
    const pending = await coins.pendingTxids(db);
    for (const txid of new Set([...pending.created, ...pending.spending])) {
      if (mempool.has(txid)) continue;
      const tx = await esplora.tx(txid);
      if (tx?.block) await coins.confirmTx(db, txid, tx.block.height, clock.now());
      else if (!tx) {
        const dropped = await coins.forgetTx(db, txid, clock.now());
        log.warn(
          { txid, dropped },
          `bitcoin: transaction ${txid} left the chain and the mempool; its outputs are dropped`,
        );
      }
    }
  }

  /** Records a block's payments and the block as finished, in one transaction. */
  async function finishBlock(height: number, hash: string, txs: ChainTx[]): Promise<void> {
    const found = matchOutputs(txs, index);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      // The amount the block's transaction pays is the one credited; a payment read before (the mempool) with
      // another amount waits for an admin.
      const known = new Map((await repo.findPaymentsByOutpoint(trx, found)).map((k) => [`${k.txid}:${k.vout}`, k]));
      for (const f of found) {
        const before = known.get(`${f.txid}:${f.vout}`);
        if (before && Number(before.sats) !== f.sats && !before.resolved_by) {
          await amountsDisagree(trx, {
            id: before.id,
            status: before.status,
            userId: f.userId,
            txid: f.txid,
            vout: f.vout,
            first: `${before.sats} sats (read before, from the mempool)`,
            second: `${f.sats} sats (block ${height})`,
            sats: f.sats,
          });
        }
        if (f.sats < config.BTC_DUST_SATS) {
          await repo.insertException(trx, {
            key: `dust:${f.txid}:${f.vout}`,
            kind: 'dust',
            userId: f.userId,
            txid: f.txid,
            vout: f.vout,
            sats: f.sats,
            amountCents: null,
            withdrawalId: null,
            detail: BITCOIN_EXCEPTION_TEXT.dust({ sats: f.sats, address: f.address, min: config.BTC_DUST_SATS }),
            at: now,
          });
          continue;
        }
        await repo.upsertSeenPayment(trx, { ...f, blockHeight: height, blockHash: hash, at: now });
      }
      await recordCoins(trx, txs, height);
      await repo.recordBlock(trx, height, hash, KEEP_BLOCKS);
      await repo.updateWatcher(trx, { height, block_hash: hash });
    });
  }

  /**
   * Two reads of one payment's amount disagree: not credited yet, it is held for an admin (credited already, it is
   * listed); either way an `amount_mismatch` exception names both reads.
   */
  async function amountsDisagree(
    trx: Parameters<typeof repo.holdForReview>[0],
    p: {
      id: string;
      status: string;
      userId: string;
      txid: string;
      vout: number;
      first: string;
      second: string;
      sats: number;
    },
  ): Promise<void> {
    const open = p.status === 'seen' || p.status === 'held';
    const detail = open
      ? BITCOIN_EXCEPTION_TEXT.amountsHeld({ first: p.first, second: p.second })
      : BITCOIN_EXCEPTION_TEXT.amountsCredited({ first: p.first, second: p.second });
    if (open) await repo.holdForReview(trx, p.id, formatEnglish(detail), p.sats);
    await repo.insertException(trx, {
      key: `amount:${p.txid}:${p.vout}`,
      kind: 'amount_mismatch',
      userId: p.userId,
      txid: p.txid,
      vout: p.vout,
      sats: p.sats,
      amountCents: null,
      withdrawalId: null,
      detail,
      at: clock.now(),
    });
  }

  /** The highest stored block the source still has at the same height (the fork point). */
  async function findForkPoint(from: number): Promise<{ height: number; hash: string | null }> {
    for (let h = from - 1; h > from - KEEP_BLOCKS; h--) {
      const stored = await repo.findBlockHash(db, h);
      if (!stored) return { height: h, hash: null };
      if ((await esplora.blockHash(h)) === stored.hash) return { height: h, hash: stored.hash };
    }
    return { height: from - KEEP_BLOCKS, hash: null };
  }

  /** Back to the fork point: payments in dropped blocks lose their block (held ones wait as seen again). */
  async function rewind(fork: { height: number; hash: string | null }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const unlinked = await repo.unlinkPaymentsAbove(trx, fork.height);
      for (const p of unlinked) {
        if (p.status === 'held') {
          await runTransitionIn(trx, bitcoinDepositFlow(unpriced(p)), 'unhold', { id: p.id, actor: null, env: env() });
        }
      }
      await coins.unconfirmAbove(trx, fork.height, clock.now());
      await repo.dropBlocksAbove(trx, fork.height);
      await repo.updateWatcher(trx, { height: fork.height, block_hash: fork.hash });
    });
    log.warn({ forkHeight: fork.height }, `bitcoin: reorg, back to block ${fork.height}`);
  }

  /**
   * Credits payments with enough confirmations, as BTC (#30): the satoshis received, whatever the price. A fresh
   * price, when the source has one, only records the credit's dollar value (informational).
   */
  async function creditDue(height: number): Promise<number> {
    const due = await repo.findDuePayments(db, height - config.BTC_CONFIRMATIONS + 1);
    if (due.length === 0) return 0;
    const quote = await opts.price().catch(() => null);
    const now = clock.now();
    const fresh =
      quote !== null &&
      Number.isSafeInteger(quote.priceCents) &&
      quote.priceCents > 0 &&
      now.getTime() - quote.at.getTime() <= PRICE_MAX_AGE_MS &&
      quote.at.getTime() <= now.getTime() + 60_000;
    let credited = 0;
    for (const p of due) {
      try {
        // A closed account receives nothing (#27): the payment waits as an exception for admins to return.
        if (p.closed_at !== null) {
          await repo.insertException(db, {
            key: `closed_account:${p.txid}:${p.vout}`,
            kind: 'closed_account',
            userId: p.user_id,
            txid: p.txid,
            vout: p.vout,
            sats: Number(p.sats),
            amountCents: null,
            withdrawalId: null,
            detail: BITCOIN_EXCEPTION_TEXT.closedAccount(),
            at: now,
          });
          continue;
        }
        // Credited with the amount of the confirmed transaction, read again now: unless an admin settled the
        // amount, a read that disagrees with the block's holds it for an admin.
        if (!p.resolved_by) {
          const tx = await esplora.tx(p.txid);
          if (!tx?.block) continue; // not in a block now: the reorg check decides
          const out = tx.outputs.find((o) => o.vout === p.vout);
          if (!out || out.sats !== Number(p.sats)) {
            await db.transaction().execute((trx) =>
              amountsDisagree(trx, {
                id: p.id,
                status: p.status,
                userId: p.user_id,
                txid: p.txid,
                vout: p.vout,
                first: `${p.sats} sats (the block)`,
                second: `${out ? out.sats : 'no such output'}${out ? ' sats' : ''} (the confirmed transaction)`,
                sats: Number(p.sats),
              }),
            );
            continue;
          }
        }
        // The dollar value at the price seen, rounded down to the cent, on integers (informational only).
        const seen = fresh
          ? {
              price_cents: quote.priceCents,
              price_at: quote.at,
              value_cents: Number((BigInt(p.sats) * BigInt(quote.priceCents)) / 100_000_000n),
            }
          : { price_cents: null, price_at: null, value_cents: null };
        const facts: ChainFacts = { ...unpriced(p), ...seen, credited_asset: 'BTC' };
        await runTransition(db, bitcoinDepositFlow(facts), p.status === 'held' ? 'creditHeld' : 'credit', {
          id: p.id,
          actor: null,
          env: env(),
          // amount_cents stays 0: no dollars are credited (it is what the USD sums of deposits add up).
          set: { reviewed_at: now },
          // What the credit was, on the payment's chain row, in the credit's transaction.
          after: (trx) => repo.setPaymentCredit(trx, p.id, facts),
        });
        credited++;
      } catch (err) {
        // Another instance moved it meanwhile (the guarded transition refused): nothing to do.
        if (!(err instanceof AppError && err.appCode === 'INVALID_STATE')) throw err;
      }
    }
    return credited;
  }

  /** A credited payment whose block left the chain and whose transaction is not in a block now: an exception. */
  async function checkReorgedCredits(): Promise<void> {
    for (const p of await repo.findCreditedWithoutBlock(db)) {
      const tx = await esplora.tx(p.txid);
      if (tx?.block) {
        await repo.setPaymentBlock(db, p.id, tx.block.height, tx.block.hash);
        continue;
      }
      await repo.insertException(db, {
        key: `reorged:${p.txid}:${p.vout}`,
        kind: 'reorged',
        userId: p.user_id,
        txid: p.txid,
        vout: p.vout,
        sats: Number(p.sats),
        // Dollars credited (a credit before #30); a credit as BTC is its satoshis.
        amountCents: p.credited_asset === 'BTC' ? null : Number(p.amount_cents),
        withdrawalId: null,
        detail: tx ? BITCOIN_EXCEPTION_TEXT.reorgedInMempool() : BITCOIN_EXCEPTION_TEXT.reorgedUnknown(),
        at: clock.now(),
      });
    }
  }

  /** Payments waiting in the mempool are shown as seen, 0 confirmations (only new txids are fetched). */
  async function scanMempool(): Promise<Set<string>> {
    const txids = await esplora.mempoolTxids();
    const next = new Set<string>();
    let fetched = 0;
    for (const txid of txids) {
      if (knownMempool.has(txid)) {
        next.add(txid);
        continue;
      }
      if (fetched >= MEMPOOL_TXS_PER_TICK) continue;
      fetched++;
      next.add(txid);
      const tx = await esplora.tx(txid);
      if (!tx || tx.block) continue;
      await db.transaction().execute((trx) => recordCoins(trx, [tx], null));
      for (const f of matchOutputs([tx], index)) {
        if (f.sats < config.BTC_DUST_SATS) continue;
        const at = clock.now();
        await db
          .transaction()
          .execute((trx) => repo.upsertSeenPayment(trx, { ...f, blockHeight: null, blockHash: null, at }));
      }
    }
    knownMempool = next;
    return new Set(txids);
  }

  async function tickOnce(): Promise<TickOutcome> {
    const out: TickOutcome = {
      skipped: false,
      blocksScanned: 0,
      height: null,
      tipHeight: null,
      credited: 0,
      error: null,
    };
    if (!(await lease())) return { ...out, skipped: true };
    try {
      await refreshIndex();
      const tip = await esplora.tipHeight();
      out.tipHeight = tip;
      const state = await repo.readWatcher(db);
      // First start: from the tip (no member address existed before Bitcoin deposits were turned on).
      let height = state.height ?? tip - 1;
      if (state.height !== null && state.block_hash !== null) {
        const there = height <= tip ? await esplora.blockHash(height) : null;
        if (there !== state.block_hash) {
          const fork = await findForkPoint(height);
          await rewind(fork);
          height = fork.height;
        }
      }
      while (height < tip && out.blocksScanned < MAX_BLOCKS_PER_TICK && !stopped) {
        const h = height + 1;
        const hash = await esplora.blockHash(h);
        await finishBlock(h, hash, await esplora.blockTxs(hash));
        height = h;
        out.blocksScanned++;
        if (!(await lease())) throw new Error('the scan lease was lost to another instance');
      }
      out.height = height;
      out.credited = await creditDue(height);
      if (height === tip) await checkReorgedCredits();
      // #32: payout batches sent, paid at BTC_CONFIRMATIONS (the coins they spend and create are recorded above).
      if (height === tip) await settleBatches({ db, config, clock, log, esplora }, tip);
      const mempool = await scanMempool();
      if (height === tip) await settlePendingCoins(mempool);
      await repo.updateWatcher(db, {
        tip_height: tip,
        checked_at: clock.now(),
        last_error: null,
        last_error_at: null,
      });
      return out;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      out.error = message;
      await repo
        .updateWatcher(db, { last_error: message.slice(0, 500), last_error_at: clock.now() })
        .catch(() => undefined);
      log.warn({ err: message }, `bitcoin watcher: ${message}; it tries again in ${config.BTC_POLL_MS} ms`);
      return out;
    }
  }

  const watcher: BitcoinWatcher = {
    tick() {
      // One tick at a time per instance: a caller arriving during one waits for it, then runs its own.
      const previous = running ?? Promise.resolve(null);
      const next = previous.then(() => tickOnce());
      running = next;
      void next.finally(() => {
        if (running === next) running = null;
      });
      return next;
    },
    start(jobs) {
      stopped = false;
      // The `bitcoin-watcher` job: BTC_POLL_MS after each tick ends (and at start). tick() records its own errors.
      job = runnerFor({ db, clock, log, config }, jobs).add({
        name: 'bitcoin-watcher',
        everyMs: config.BTC_POLL_MS,
        spacing: 'end',
        tick: () => watcher.tick(),
      });
    },
    async stop() {
      stopped = true;
      await job?.stop();
      job = null;
      await running?.catch(() => undefined);
      await repo.releaseLease(db, owner).catch(() => undefined);
    },
  };
  return watcher;
}
