// Payout batches (#32): an admin builds one unsigned PSBT for approved Bitcoin withdrawals from confirmed coins of
// BTC_XPUB, the operator signs it offline and uploads it; the server checks it pays exactly what was built,
// broadcasts it and marks the withdrawals sent (the watcher marks them paid: bitcoin.batch.settle.ts). Every
// action is audited; the coins and the withdrawals are taken by guarded updates, so two builds never share one.
import { randomUUID } from 'node:crypto';
import {
  type TPayoutBatchBuildInput,
  type TPayoutBatchBuilt,
  type TPayoutBatchIdInput,
  type TPayoutBatchSubmitInput,
  tr,
} from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { PayoutBatchOutput } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { type FlowEnv, runTransitionManyIn } from '../money/money.core.ts';
import { withdrawalFlow } from '../withdrawal/withdrawal.service.ts';
import * as repo from './bitcoin.batch.repo.ts';
import { btcText } from './bitcoin.flow.ts';
import { type AccountKey, deriveAddress } from './bitcoin.derive.ts';
import {
  buildPsbt,
  checkSignedPsbt,
  type Coin,
  type CoinSelection,
  keyOriginOf,
  type PayoutPlan,
  scriptHexOf,
  selectCoins,
} from './bitcoin.psbt.ts';
import { readWatcher } from './bitcoin.repo.ts';
import { accountKeyOf } from './bitcoin.service.ts';
import { maxChangeIndex, markSpent, upsertUtxos } from './bitcoin.utxo.repo.ts';
import { BroadcastRefused, type EsploraClient } from './esplora.client.ts';
import { batchInputs, batchOutputs, batchView } from './bitcoin.batch.view.ts';

export interface BatchDeps {
  db: Database;
  config: Config;
  esplora: EsploraClient;
  env: FlowEnv;
}

/** The confirmation target (blocks) whose fee estimate a batch pays: about an hour. */
const FEE_TARGET_BLOCKS = 6;

const NO_WALLET = tr(
  'payoutBatch.noWallet',
  'Bitcoin payouts need the wallet key: BTC_XPUB is not set on this server.',
);

/** The account key, or a 409 that says it is missing (or is a legacy key whose PSBTs need whole transactions). */
function walletKey(config: Config): AccountKey {
  const key = accountKeyOf(config);
  if (!key) throw new AppError('INVALID_STATE', NO_WALLET);
  if (key.kind === 'p2pkh')
    throw new AppError(
      'INVALID_STATE',
      tr(
        'payoutBatch.legacyKey',
        'Payout batches need a SegWit wallet key (zpub/ypub, vpub/upub): a legacy xpub wallet is not supported.',
      ),
    );
  return key;
}

/**
 * The fee rate in sat per 1,000 vbytes: the admin's (refused above BTC_MAX_FEE_RATE) or the source's estimate for
 * FEE_TARGET_BLOCKS, capped at BTC_MAX_FEE_RATE and at least 1 sat/vB.
 */
export async function chooseFeeRate(esplora: EsploraClient, config: Config, requested?: number): Promise<number> {
  const cap = config.BTC_MAX_FEE_RATE;
  if (requested !== undefined) {
    if (requested > cap)
      throw new AppError(
        'BAD_INPUT',
        tr(
          'payoutBatch.feeRateAboveCap',
          'feeRate: {rate} sat/vB is above the highest fee rate this platform pays (BTC_MAX_FEE_RATE, {cap} sat/vB).',
          { rate: requested, cap },
        ),
      );
    return Math.round(requested * 1000);
  }
  let estimates: Record<string, number>;
  try {
    estimates = await esplora.feeEstimates();
  } catch {
    throw new AppError(
      'UNAVAILABLE',
      tr(
        'payoutBatch.noEstimate',
        'The block source did not give a fee estimate: nothing was built. Try again, or give a fee rate.',
      ),
      { retryAfterS: 30 },
    );
  }
  // The estimate for the target, else the nearest slower target, else the slowest one there is.
  const targets = Object.keys(estimates)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
  const target = targets.find((n) => n >= FEE_TARGET_BLOCKS) ?? targets[targets.length - 1];
  if (target === undefined)
    throw new AppError(
      'UNAVAILABLE',
      tr(
        'payoutBatch.noEstimate',
        'The block source did not give a fee estimate: nothing was built. Try again, or give a fee rate.',
      ),
    );
  const rate = Math.ceil(estimates[String(target)]! * 1000);
  return Math.min(cap * 1000, Math.max(1000, rate));
}

/** The withdrawals a build pays: those named (each an approved Bitcoin withdrawal in no batch), or all waiting. */
async function pickWithdrawals(trx: Parameters<typeof repo.lockWithdrawals>[0], ids: string[] | undefined) {
  if (!ids) return repo.lockWaitingWithdrawals(trx);
  const unique = [...new Set(ids)];
  const rows = await repo.lockWithdrawals(trx, unique);
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const id of unique) {
    const w = found.get(id);
    if (!w) throw new AppError('NOT_FOUND', tr('payoutBatch.noWithdrawal', 'No withdrawal {id} exists.', { id }));
    if (w.method !== 'bitcoin' || w.status !== 'approved' || w.payout_batch_id !== null)
      throw new AppError(
        'INVALID_STATE',
        tr(
          'payoutBatch.notWaiting',
          'Withdrawal {id} is not an approved Bitcoin withdrawal waiting for a batch (it is a {method} withdrawal, {status}{inBatch, select, yes {, already in a batch} other {}}).',
          { id, method: w.method, status: w.status, inBatch: w.payout_batch_id ? 'yes' : 'no' },
        ),
      );
  }
  return unique.map((id) => found.get(id)!);
}

/** Times a build chooses its coins again when another build reserved one of them first. */
const RESERVE_ATTEMPTS = 3;

/**
 * Chooses the coins (largest first) and reserves them for batch `id` by a guarded update (`reserved_by is null`);
 * when a build at the same time took one first (fewer rows reserved), gives back what it took and chooses again
 * among what is left (READ COMMITTED: each statement sees the other's committed reservation).
 */
async function reserveFor(
  trx: Parameters<typeof repo.spendableCoins>[0],
  id: string,
  outputs: PayoutBatchOutput[],
  o: { key: AccountKey; rate: number; changeScriptHex: string; maxHeight: number; config: Config },
): Promise<CoinSelection> {
  for (let attempt = 1; ; attempt++) {
    const coins = await repo.spendableCoins(trx, o.maxHeight);
    const picked = selectCoins(coins, outputs, {
      kind: o.key.kind,
      rateSatKvb: o.rate,
      changeScriptHex: o.changeScriptHex,
      dust: o.config.BTC_DUST_SATS,
    });
    if (!picked) throw await notEnoughCoins(trx, outputs, coins, o.maxHeight, o.config);
    if ((await repo.reserveCoins(trx, id, picked.inputs)) === picked.inputs.length) return picked;
    await repo.releaseCoins(trx, id);
    if (attempt >= RESERVE_ATTEMPTS)
      throw new AppError(
        'INVALID_STATE',
        tr('payoutBatch.racedCoins', 'Another payout batch took some of these coins meanwhile: build again.'),
      );
  }
}

/** The 409 for coins that do not cover the withdrawals: what is confirmed and free, waiting, reserved. */
async function notEnoughCoins(
  trx: Parameters<typeof repo.spendableCoins>[0],
  outputs: PayoutBatchOutput[],
  coins: Coin[],
  maxHeight: number,
  config: Config,
): Promise<AppError> {
  const other = await repo.unspendableSats(trx, maxHeight);
  return new AppError(
    'INVALID_STATE',
    tr(
      'payoutBatch.notEnoughCoins',
      'Not enough confirmed coins: the withdrawals need {need} and the network fee; {have} is confirmed and free ({waiting} waits for {confirmations} confirmations, {reserved} is in other batches). Nothing was reserved.',
      {
        need: btcText(outputs.reduce((s, x) => s + x.sats, 0)),
        have: btcText(coins.reduce((s, c) => s + c.sats, 0)),
        waiting: btcText(other.waiting),
        reserved: btcText(other.reserved),
        confirmations: config.BTC_CONFIRMATIONS,
      },
    ),
  );
}

/**
 * bitcoin.payoutBatch.build: one unsigned PSBT paying the withdrawals from confirmed, unreserved coins, change to
 * the next unused change address; the coins reserved and the withdrawals linked in the batch's transaction.
 */
export async function buildBatch(
  deps: BatchDeps,
  admin: Viewer,
  input: TPayoutBatchBuildInput,
): Promise<TPayoutBatchBuilt> {
  const { db, config, env } = deps;
  const key = walletKey(config);
  const rate = await chooseFeeRate(deps.esplora, config, input.feeRate);
  return db.transaction().execute(async (trx) => {
    const watcher = await readWatcher(trx);
    if (watcher.height === null)
      throw new AppError(
        'INVALID_STATE',
        tr('payoutBatch.noChain', 'The chain watcher has not read the chain yet: no coin is known to be confirmed.'),
      );
    const withdrawals = await pickWithdrawals(trx, input.withdrawalIds);
    if (withdrawals.length === 0)
      throw new AppError(
        'INVALID_STATE',
        tr('payoutBatch.nothingToPay', 'No approved Bitcoin withdrawal waits for a payout batch.'),
      );
    const outputs: PayoutBatchOutput[] = withdrawals.map((w) => ({
      withdrawalId: w.id,
      address: w.details,
      scriptHex: scriptHexOf(w.details, config.BTC_NETWORK),
      sats: Number(w.sats),
    }));
    const changeIndex = Math.max(await maxChangeIndex(trx), await repo.maxBatchChangeIndex(trx)) + 1;
    const change = deriveAddress(key, changeIndex, 1);
    const maxHeight = watcher.height - config.BTC_CONFIRMATIONS + 1;
    const id = randomUUID();
    const picked = await reserveFor(trx, id, outputs, {
      key,
      rate,
      changeScriptHex: change.scriptHex,
      maxHeight,
      config,
    });
    const plan: PayoutPlan = {
      inputs: picked.inputs,
      outputs,
      change: picked.change > 0 ? { scriptHex: change.scriptHex, index: changeIndex, sats: picked.change } : null,
    };
    const psbt = buildPsbt(plan, key, keyOriginOf(config.BTC_KEY_ORIGIN, key));
    await repo.insertBatch(trx, {
      id,
      psbt,
      inputs: picked.inputs,
      outputs,
      change: plan.change ? { address: change.address, index: changeIndex, sats: plan.change.sats } : null,
      feeSats: picked.fee,
      feeRateSatKvb: rate,
      createdBy: admin.id,
      at: env.now,
    });
    // Guarded: a withdrawal another batch took meanwhile rolls this one back whole.
    const linked = await repo.linkWithdrawals(
      trx,
      id,
      outputs.map((o) => o.withdrawalId),
    );
    if (linked !== outputs.length)
      throw new AppError(
        'INVALID_STATE',
        tr('payoutBatch.raced', 'Another payout batch took some of these withdrawals meanwhile: build again.'),
      );
    const built = await repo.findBatch(trx, id);
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'payout_batch.build',
      entityType: 'payout_batch',
      entityId: id,
      before: null,
      after: batchView(built!),
    });
    return { id, psbt };
  });
}

const NO_BATCH = tr('payoutBatch.notFound', 'No payout batch with that id exists.');

const notBuilt = (status: string, action: 'submit' | 'cancel') =>
  tr(
    'payoutBatch.notBuilt',
    'This payout batch is {status, select, sent {already sent} paid {already paid} cancelled {cancelled} other {{status}}}: only a batch waiting for its signed PSBT can be {action, select, submit {submitted} other {cancelled}}.',
    { status, action },
  );

/**
 * bitcoin.payoutBatch.submit: the signed PSBT must spend exactly the reserved coins and pay exactly the built
 * outputs (else refused with the reason, nothing broadcast, the batch unchanged); finalised, the withdrawals are
 * marked sent and the batch sent with its txid, and the transaction is broadcast last, in the same database
 * transaction: a refused or failed broadcast rolls every mark back.
 */
export async function submitBatch(deps: BatchDeps, admin: Viewer, input: TPayoutBatchSubmitInput) {
  const { db, config, env } = deps;
  const key = walletKey(config);
  return db.transaction().execute(async (trx) => {
    const batch = await repo.lockBatch(trx, input.id);
    if (!batch) throw new AppError('NOT_FOUND', NO_BATCH);
    if (batch.status !== 'built') throw new AppError('INVALID_STATE', notBuilt(batch.status, 'submit'));
    const plan: PayoutPlan = {
      inputs: batchInputs(batch),
      outputs: batchOutputs(batch),
      change:
        batch.change_address === null
          ? null
          : {
              scriptHex: deriveAddress(key, batch.change_index!, 1).scriptHex,
              index: batch.change_index!,
              sats: Number(batch.change_sats),
            },
    };
    const checked = checkSignedPsbt(input.psbt, plan, key);
    if (!checked.ok) throw new AppError('BAD_INPUT', checked.reason);
    const { txid, rawHex } = checked.tx;
    if (!(await repo.markSent(trx, batch.id, { txid, rawTx: rawHex, by: admin.id, at: env.now })))
      throw new AppError('INVALID_STATE', notBuilt('changed', 'submit'));
    await runTransitionManyIn(trx, withdrawalFlow, 'sendBitcoin', {
      ids: batchOutputs(batch).map((o) => o.withdrawalId),
      actor: admin,
      env,
      set: { payout_reference: txid },
    });
    // The coins we hold as the mempool will show them: the inputs spent by it, our change unconfirmed.
    for (const i of plan.inputs) await markSpent(trx, i, txid, null, env.now);
    if (plan.change) {
      const vout = plan.outputs.length;
      await upsertUtxos(
        trx,
        [
          {
            txid,
            vout,
            address: batch.change_address!,
            scriptHex: plan.change.scriptHex,
            chain: 1,
            index: plan.change.index,
            sats: plan.change.sats,
          },
        ],
        null,
        env.now,
      );
    }
    const after = await repo.findBatch(trx, batch.id);
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'payout_batch.submit',
      entityType: 'payout_batch',
      entityId: batch.id,
      before: batchView(batch),
      after: batchView(after!),
    });
    await broadcast(deps.esplora, txid, rawHex);
    return batchView(after!);
  });
}

/** Sends the transaction; one the source already knows (an upload retried) counts as sent. Throws with the reason. */
async function broadcast(esplora: EsploraClient, txid: string, rawHex: string): Promise<void> {
  try {
    const sent = await esplora.broadcast(rawHex);
    if (sent !== txid) throw new Error(`the block source answered txid ${sent}, not ${txid}`);
  } catch (err) {
    if (await esplora.tx(txid).catch(() => null)) return;
    if (err instanceof BroadcastRefused)
      throw new AppError(
        'INVALID_STATE',
        tr(
          'payoutBatch.broadcastRefused',
          'The network refused the transaction: {reason}. Nothing was sent; the batch still waits.',
          {
            reason: err.reason,
          },
        ),
      );
    throw new AppError(
      'UNAVAILABLE',
      tr(
        'payoutBatch.broadcastFailed',
        'The block source could not take the transaction ({error}). The batch is not marked sent; check whether transaction {txid} is on the network before uploading again.',
        { error: err instanceof Error ? err.message.slice(0, 200) : String(err), txid },
      ),
      { retryAfterS: 30 },
    );
  }
}

/** bitcoin.payoutBatch.cancel: only while built; its coins released, its withdrawals back to waiting (approved). */
export async function cancelBatch(deps: BatchDeps, admin: Viewer, input: TPayoutBatchIdInput) {
  const { db, env } = deps;
  return db.transaction().execute(async (trx) => {
    const batch = await repo.lockBatch(trx, input.id);
    if (!batch) throw new AppError('NOT_FOUND', NO_BATCH);
    if (batch.status !== 'built') throw new AppError('INVALID_STATE', notBuilt(batch.status, 'cancel'));
    // A coin already spent by a transaction we see means the batch was broadcast after all: it cannot be undone.
    const spent = await repo.spentCoinsOf(trx, batch.id);
    if (spent.length > 0)
      throw new AppError(
        'INVALID_STATE',
        tr(
          'payoutBatch.cancelSpent',
          'Transaction {txid} already spends the coins of this batch: it is on the network and cannot be cancelled.',
          { txid: spent[0]!.spent_by_txid! },
        ),
      );
    await repo.releaseCoins(trx, batch.id);
    await repo.unlinkWithdrawals(trx, batch.id);
    await repo.markCancelled(trx, batch.id, admin.id, env.now);
    const after = await repo.findBatch(trx, batch.id);
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'payout_batch.cancel',
      entityType: 'payout_batch',
      entityId: batch.id,
      before: batchView(batch),
      after: batchView(after!),
    });
    return batchView(after!);
  });
}

/** bitcoin.payoutBatch.list: the latest batches, newest first. */
export async function listBatches(db: Database) {
  return { items: (await repo.listBatches(db)).map(batchView) };
}
