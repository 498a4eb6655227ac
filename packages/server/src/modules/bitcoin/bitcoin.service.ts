// Bitcoin deposits: the member's address (derived once from BTC_XPUB, stored), how deposit.list shows a payment,
// and what admins read about the watcher (status, exceptions).
import {
  centsToDollars,
  type TBitcoinDeposit,
  type TBitcoinException,
  type TBitcoinInstructions,
  type TBitcoinStatus,
  tr,
} from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { BitcoinDepositRow, DepositRow } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { refuseOwnReview } from '../money/money.core.ts';
import { type AccountKey, deriveAddress, parseAccountKey } from './bitcoin.derive.ts';
import * as repo from './bitcoin.repo.ts';

const keys = new Map<string, AccountKey>();

/** The parsed BTC_XPUB (null when Bitcoin deposits are off); parsed once per key. */
export function accountKeyOf(config: Pick<Config, 'BTC_XPUB' | 'BTC_NETWORK'>): AccountKey | null {
  if (!config.BTC_XPUB) return null;
  const id = `${config.BTC_NETWORK}:${config.BTC_XPUB}`;
  let key = keys.get(id);
  if (!key) {
    key = parseAccountKey(config.BTC_XPUB, config.BTC_NETWORK);
    keys.set(id, key);
  }
  return key;
}

/** The member's address: derived at m/0/<their sign-up number> the first time, stored, the same ever after. */
export async function ensureDepositAddress(
  db: Database,
  key: AccountKey,
  userId: string,
  now: Date,
): Promise<{ address: string; index: number }> {
  const stored = await repo.findAddress(db, userId);
  if (stored) return { address: stored.address, index: stored.derivation_index };
  const index = await repo.findUserSeq(db, userId);
  if (index === undefined)
    throw new AppError('NOT_FOUND', tr('bitcoin.accountNotFound', 'No account with that id exists.'));
  const { address, scriptHex } = deriveAddress(key, index);
  await repo.insertAddress(db, { userId, index, address, scriptHex, at: now });
  return { address, index };
}

/** deposit.instructions().bitcoin: the member's address and BIP21 URI; undefined when BTC_XPUB is unset. */
export async function bitcoinInstructions(
  db: Database,
  config: Config,
  userId: string,
  now: Date,
): Promise<TBitcoinInstructions | undefined> {
  const key = accountKeyOf(config);
  if (!key) return undefined;
  const { address } = await ensureDepositAddress(db, key, userId, now);
  return { address, uri: `bitcoin:${address}`, confirmations: config.BTC_CONFIRMATIONS };
}

/** Confirmations of a payment in block `blockHeight` when the watcher has finished `height`. */
export const confirmationsAt = (blockHeight: number | null, height: number | null): number =>
  blockHeight === null || height === null ? 0 : Math.max(0, height - blockHeight + 1);

/** A Bitcoin deposit (its deposits row and its chain facts) as deposit.list shows it. */
export function toBitcoinDeposit(
  row: DepositRow,
  chain: BitcoinDepositRow,
  userEmail: string,
  height: number | null,
  required: number,
): TBitcoinDeposit {
  const confirmed = row.status === 'confirmed';
  return {
    method: 'bitcoin',
    id: row.id,
    userId: row.user_id,
    userEmail,
    txid: chain.txid,
    vout: chain.vout,
    sats: Number(chain.sats),
    confirmations: confirmationsAt(chain.block_height, height),
    confirmationsRequired: required,
    status: row.status === 'held' || row.status === 'confirmed' ? row.status : 'seen',
    // A credit before #30 was dollars (credited_asset 'USD', or unset on a row no migration saw).
    credited: confirmed ? (chain.credited_asset ?? 'USD') : null,
    amount: confirmed && chain.credited_asset !== 'BTC' ? centsToDollars(row.amount_cents) : null,
    valueUsd: confirmed && chain.value_cents !== null ? centsToDollars(Number(chain.value_cents)) : null,
    price: confirmed && chain.price_cents !== null ? centsToDollars(Number(chain.price_cents)) : null,
    priceAt: confirmed && chain.price_at ? iso(chain.price_at) : null,
    address: chain.address,
    createdAt: iso(row.created_at),
    confirmedAt: confirmed ? isoOrNull(row.reviewed_at) : null,
  };
}

/** The chain facts of the Bitcoin deposits among `rows`, by deposit id (one query). */
export function chainFactsOf(db: Database, rows: readonly DepositRow[]): Promise<Map<string, BitcoinDepositRow>> {
  return repo.findChainFacts(
    db,
    rows.filter((r) => r.method === 'bitcoin').map((r) => r.id),
  );
}

/** The last block the watcher finished (for counting confirmations), null before the first. */
export async function watcherHeight(db: Database): Promise<number | null> {
  return (await repo.readWatcher(db)).height;
}

/** bitcoin.status(): progress, lag behind the source, the last error and what was credited today (UTC). */
export async function bitcoinStatus(db: Database, config: Config, now: Date): Promise<TBitcoinStatus> {
  const w = await repo.readWatcher(db);
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const credited = await repo.sumCreditedSince(db, midnight);
  return {
    enabled: !!config.BTC_XPUB,
    height: w.height,
    tipHeight: w.tip_height,
    lag: w.height !== null && w.tip_height !== null ? Math.max(0, w.tip_height - w.height) : null,
    lastError: w.last_error,
    lastErrorAt: isoOrNull(w.last_error_at),
    checkedAt: isoOrNull(w.checked_at),
    creditedToday: centsToDollars(credited.cents),
    creditedTodaySats: credited.sats,
  };
}

/** bitcoin.exceptions(): the newest 200 problems for admins. */
export async function bitcoinExceptions(db: Database): Promise<{ items: TBitcoinException[] }> {
  const rows = await repo.listExceptions(db, 200);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      userId: r.user_id,
      userEmail: r.user_email,
      txid: r.txid,
      vout: r.vout,
      sats: r.sats === null ? null : Number(r.sats),
      amount: r.amount_cents === null ? null : centsToDollars(Number(r.amount_cents)),
      withdrawalId: r.withdrawal_id,
      detail: r.detail,
      detailMsg: r.detail_msg,
      createdAt: iso(r.created_at),
      resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
    })),
  };
}

/**
 * bitcoin.resolveAmount: an admin checked a payment whose reads disagreed (in their own node or a block explorer)
 * and states the satoshis it pays; the watcher credits that amount at its next tick. Not their own payment (four
 * eyes), audited.
 */
export async function resolveAmount(
  db: Database,
  admin: Viewer,
  input: { exceptionId: string; sats: number },
  now: Date,
): Promise<{ items: TBitcoinException[] }> {
  await db.transaction().execute(async (trx) => {
    const e = await repo.lockAmountException(trx, input.exceptionId);
    if (!e || e.kind !== 'amount_mismatch' || e.vout === null)
      throw new AppError('NOT_FOUND', tr('bitcoin.noSuchMismatch', 'No payment with disagreeing amounts has that id.'));
    refuseOwnReview(
      admin.id,
      e.user_id,
      tr('bitcoin.ownPayment', 'This is your own payment: another administrator must resolve it.'),
    );
    if (
      e.resolved_at ||
      !(await repo.resolveAmount(trx, { ...input, txid: e.txid, vout: e.vout, adminId: admin.id, at: now }))
    )
      throw new AppError(
        'INVALID_STATE',
        tr('bitcoin.mismatchResolved', 'This payment is resolved already or was credited meanwhile.'),
      );
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'bitcoin.resolve_amount',
      entityType: 'bitcoin_exception',
      entityId: e.id,
      before: { txid: e.txid, vout: e.vout },
      after: { sats: input.sats },
    });
  });
  return bitcoinExceptions(db);
}
