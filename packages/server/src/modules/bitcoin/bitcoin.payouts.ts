// The payout checker (#34): a crypto payout the admin marked sent with a Bitcoin transaction id is `sent` until the
// block source shows that transaction with an output paying the member's address at least the declared satoshis,
// with BTC_CONFIRMATIONS; then it becomes `paid` once (the guarded transition, WHERE status = 'sent'). One that
// does not is an exception on the Overview: at once when a confirmed transaction pays elsewhere or too little, and
// BTC_PAYOUT_WINDOW_HOURS after it was marked sent when the transaction is still unknown or unconfirmed. It stays
// sent either way (its funds stay held) and is checked again, so a late confirmation still makes it paid.
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { AppDeps } from '../../deps.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { LineLogger } from '../../lib/line-logger.ts';
import { type Job, type JobRunner, runnerFor } from '../job/job.runner.ts';
import { runTransitionIn } from '../money/money.core.ts';
import { withdrawalFlow } from '../withdrawal/withdrawal.service.ts';
import * as repo from './bitcoin.repo.ts';
import { type ChainTx, createEsploraClient, type EsploraClient } from './esplora.client.ts';
import { BITCOIN_EXCEPTION_TEXT, type Msg } from '@vestora/contract';

/** Payouts asked about per check at most (the least recently checked first). */
const PAYOUTS_PER_CHECK = 50;
const HOUR_MS = 3_600_000;

export interface PayoutCheckOutcome {
  checked: number;
  /** Became paid in this check. */
  paid: number;
  /** Became an exception in this check. */
  flagged: number;
}

/** What the chain says about one payout, from its transaction and the tip. */
export type PayoutVerdict =
  | { kind: 'paid' }
  | { kind: 'waiting'; why: 'unknown' | 'unconfirmed' }
  | { kind: 'wrong'; detail: Msg };

/** Bech32 addresses compare in any case; base58 ones exactly. */
export function sameAddress(a: string, b: string): boolean {
  return /^(bc|tb|bcrt)1/i.test(a) ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/**
 * The verdict on a payout of `sats` to `address` by `tx` (null: the source does not know it) at `tip`: paid when
 * one output pays the address at least `sats` with `confirmations`; wrong when the transaction is confirmed that
 * far and pays elsewhere or less (a confirmed transaction does not change); otherwise waiting.
 */
export function payoutVerdict(
  tx: ChainTx | null,
  p: { address: string; sats: number; tip: number; confirmations: number },
): PayoutVerdict {
  if (!tx) return { kind: 'waiting', why: 'unknown' };
  const toMember = tx.outputs.filter((o) => o.address !== null && sameAddress(o.address, p.address));
  const pays = toMember.some((o) => o.sats >= p.sats);
  const confirmed = tx.block !== null && p.tip - tx.block.height + 1 >= p.confirmations;
  if (pays && confirmed) return { kind: 'paid' };
  if (!confirmed) return { kind: 'waiting', why: 'unconfirmed' };
  if (toMember.length === 0)
    return { kind: 'wrong', detail: BITCOIN_EXCEPTION_TEXT.payoutElsewhere({ address: p.address }) };
  return {
    kind: 'wrong',
    detail: BITCOIN_EXCEPTION_TEXT.payoutShort({
      address: p.address,
      paid: Math.max(...toMember.map((o) => o.sats)),
      expected: p.sats,
    }),
  };
}

export interface PayoutChecker {
  /** One pass over the payouts waiting for the network. Throws when the block source cannot be read. */
  check(): Promise<PayoutCheckOutcome>;
}

/** A checker on `esplora` (nothing runs until check()). */
export function createPayoutChecker(opts: {
  db: Database;
  config: Config;
  clock: Clock;
  esplora: EsploraClient;
}): PayoutChecker {
  const { db, config, clock, esplora } = opts;
  const windowMs = config.BTC_PAYOUT_WINDOW_HOURS * HOUR_MS;
  return {
    async check() {
      const out: PayoutCheckOutcome = { checked: 0, paid: 0, flagged: 0 };
      const payouts = await repo.findSentCryptoPayouts(db, PAYOUTS_PER_CHECK);
      if (payouts.length === 0) return out;
      const tip = await esplora.tipHeight();
      for (const w of payouts) {
        const txid = w.payout_reference!.toLowerCase();
        const tx = await esplora.tx(txid);
        const verdict = payoutVerdict(tx, {
          address: w.details.trim(),
          sats: Number(w.payout_sats),
          tip,
          confirmations: config.BTC_CONFIRMATIONS,
        });
        const now = clock.now();
        out.checked++;
        if (verdict.kind === 'paid') {
          try {
            await db.transaction().execute(async (trx) => {
              await runTransitionIn(trx, withdrawalFlow, 'confirmCrypto', {
                id: w.id,
                actor: null,
                env: { now, config },
                set: { payout_confirmed_at: now, payout_checked_at: now },
              });
              await repo.recordPayoutCheck(trx, w.id, txid, true, now);
              await repo.resolvePayoutException(trx, w.id, now);
            });
            out.paid++;
          } catch (err) {
            // Another instance (or an earlier run) confirmed it meanwhile: the guarded transition refused.
            if (!(err instanceof AppError && err.appCode === 'INVALID_STATE')) throw err;
          }
          continue;
        }
        const overdue = w.reviewed_at !== null && now.getTime() - new Date(w.reviewed_at).getTime() >= windowMs;
        const detail =
          verdict.kind === 'wrong'
            ? verdict.detail
            : !overdue
              ? null
              : verdict.why === 'unknown'
                ? BITCOIN_EXCEPTION_TEXT.payoutNotSeen({ hours: config.BTC_PAYOUT_WINDOW_HOURS })
                : BITCOIN_EXCEPTION_TEXT.payoutUnconfirmed({
                    hours: config.BTC_PAYOUT_WINDOW_HOURS,
                    confirmations: config.BTC_CONFIRMATIONS,
                  });
        const flagged = await db.transaction().execute(async (trx) => {
          await repo.markPayoutChecked(trx, w.id, now);
          if (!detail) return false;
          await repo.recordPayoutCheck(trx, w.id, txid, false, now);
          // One exception per payout (its key is unique): a later check inserts nothing.
          return repo.insertException(trx, {
            key: `payout:${w.id}`,
            kind: 'payout_mismatch',
            userId: w.user_id,
            txid,
            vout: null,
            sats: Number(w.payout_sats),
            amountCents: Number(w.amount_cents),
            withdrawalId: w.id,
            detail,
            at: now,
          });
        });
        if (flagged) out.flagged++;
      }
      return out;
    },
  };
}

/**
 * The `bitcoin-payouts` job: checks every BTC_POLL_MS, whether or not Bitcoin deposits are on (a crypto payout
 * may be sent without BTC_XPUB); it asks the block source only while some payout waits.
 */
export function startPayoutChecker(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'> & { log: LineLogger },
  jobs?: JobRunner,
  esplora: EsploraClient = createEsploraClient(deps.config.ESPLORA_URL),
): Job<PayoutCheckOutcome> {
  const checker = createPayoutChecker({ ...deps, esplora });
  return runnerFor(deps, jobs).add({
    name: 'bitcoin-payouts',
    everyMs: deps.config.BTC_POLL_MS,
    spacing: 'end',
    tick: () => checker.check(),
  });
}
