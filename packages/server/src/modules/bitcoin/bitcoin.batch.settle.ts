// The watcher's step for payout batches (#32), after it has read the chain up to the tip: a sent batch whose
// transaction has BTC_CONFIRMATIONS is paid (its withdrawals' held satoshis leave for the chain, their fees go to
// revenue, and the network fee the platform paid moves from network_fees to the chain, in one transaction, once:
// guarded updates); one whose coins another transaction spends is `replaced`, one the source has not known for
// DROPPED_AFTER_MS is `dropped`: both an exception for admins per withdrawal, the funds still held. An exception
// whose transaction confirms after all is paid like a sent batch, and its exceptions resolved.
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { Clock } from '../../clock.ts';
import type { LineLogger } from '../../lib/line-logger.ts';
import { BITCOIN_EXCEPTION_TEXT, type Msg } from '@vestora/contract';
import { recordAudit } from '../audit/audit.repo.ts';
import { runTransitionManyIn } from '../money/money.core.ts';
import { moveMoney, transfer } from '../money/money.move.ts';
import { withdrawalFlow } from '../withdrawal/withdrawal.service.ts';
import * as repo from './bitcoin.batch.repo.ts';
import { btcText } from './bitcoin.flow.ts';
import { insertException } from './bitcoin.repo.ts';
import type { EsploraClient } from './esplora.client.ts';

/** A sent transaction the source has known in neither a block nor its mempool for this long is dropped. */
export const DROPPED_AFTER_MS = 60 * 60_000;

export interface SettleDeps {
  db: Database;
  config: Config;
  clock: Clock;
  log: LineLogger;
  esplora: EsploraClient;
}

type OpenBatch = Awaited<ReturnType<typeof repo.openBatches>>[number];

/** One pass over the sent batches at the source's `tip`: answers how many became paid. */
export async function settleBatches(deps: SettleDeps, tip: number): Promise<number> {
  let paid = 0;
  for (const b of await repo.openBatches(deps.db)) {
    const tx = await deps.esplora.tx(b.txid!);
    if (tx?.block) {
      if (tip - tx.block.height + 1 >= deps.config.BTC_CONFIRMATIONS && (await payBatch(deps, b))) paid++;
      continue;
    }
    if (tx) {
      if (b.missing_since) await repo.setMissingSince(deps.db, b.id, null);
      continue;
    }
    if (b.status !== 'sent') continue;
    const spender = (await repo.spentCoinsOf(deps.db, b.id)).find((c) => c.spent_by_txid !== b.txid);
    const now = deps.clock.now();
    if (spender) {
      await flag(
        deps,
        b,
        'replaced',
        BITCOIN_EXCEPTION_TEXT.batchReplaced({ txid: b.txid!, by: spender.spent_by_txid! }),
      );
    } else if (!b.missing_since) {
      await repo.setMissingSince(deps.db, b.id, now);
    } else if (now.getTime() - new Date(b.missing_since).getTime() >= DROPPED_AFTER_MS) {
      await flag(deps, b, 'dropped', BITCOIN_EXCEPTION_TEXT.batchDropped({ txid: b.txid! }));
    }
  }
  return paid;
}

/** The batch and its withdrawals paid, the fees booked, in one transaction (false: another pass did it). */
async function payBatch(deps: SettleDeps, b: OpenBatch): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markPaid(trx, b.id, now))) return false;
    const sent = await repo.batchWithdrawals(trx, b.id, 'sent');
    await runTransitionManyIn(trx, withdrawalFlow, 'confirmCrypto', {
      ids: sent.map((w) => w.id),
      actor: null,
      env: { now, config: deps.config },
      set: { payout_confirmed_at: now },
    });
    await moveMoney(trx, {
      asset: 'BTC',
      kind: 'network_fee',
      legs: transfer({ kind: 'network_fees' }, { kind: 'chain' }, BigInt(b.fee_sats)),
      ref: { type: 'payout_batch', id: b.id },
      actorId: null,
      memo: `Network fee of Bitcoin payout transaction ${b.txid}: ${btcText(b.fee_sats)}`,
      at: now,
    });
    await repo.resolveBatchExceptions(trx, b.id, now);
    await recordAudit(trx, {
      actorId: null,
      action: 'payout_batch.paid',
      entityType: 'payout_batch',
      entityId: b.id,
      before: { status: b.status, txid: b.txid },
      after: { status: 'paid', txid: b.txid, withdrawals: sent.map((w) => w.id) },
    });
    return true;
  });
}

/** sent → exception, with an exception row per withdrawal (each once: its key is unique). */
async function flag(deps: SettleDeps, b: OpenBatch, kind: 'replaced' | 'dropped', detail: Msg): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markException(trx, b.id, kind, now))) return;
    for (const w of await repo.batchWithdrawals(trx, b.id, 'sent')) {
      await insertException(trx, {
        key: `batch:${b.id}:${w.id}`,
        kind: 'payout_batch',
        userId: w.user_id,
        txid: b.txid!,
        vout: null,
        sats: Number(w.sats),
        amountCents: null,
        withdrawalId: w.id,
        detail,
        at: now,
      });
    }
    await recordAudit(trx, {
      actorId: null,
      action: `payout_batch.${kind}` as const,
      entityType: 'payout_batch',
      entityId: b.id,
      before: { status: 'sent', txid: b.txid },
      after: { status: 'exception', exception: kind, txid: b.txid },
    });
  });
  deps.log.warn({ batchId: b.id, txid: b.txid, kind }, `bitcoin: payout batch ${b.id} was ${kind}`);
}
