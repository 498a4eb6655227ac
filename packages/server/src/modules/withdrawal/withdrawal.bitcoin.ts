// A Bitcoin withdrawal (#32): BTC from the member's holding to an address of theirs. The request holds, in the
// member's BTC withdrawal hold, the satoshis the address receives plus the flat BTC_WITHDRAWAL_FEE_SATS, in one
// transaction with the pending row (refused whole if the holding is short); it is then reviewed with four eyes
// like every withdrawal and, approved, waits for the next payout batch (bitcoin.batch.service.ts). An operator may
// close new requests with BTC_WITHDRAWALS_OPEN=false.
import { MAX_SATS, parseUnits, tr, formatUnits } from '@vestora/contract';
import type { TBitcoinWithdrawalRequestInput, TBitcoinWithdrawalTerms, TWithdrawal } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { type FlowEnv, openRequest } from '../money/money.core.ts';
import { checkPayoutAddress } from '../bitcoin/bitcoin.address.ts';
import { btcText } from '../bitcoin/bitcoin.flow.ts';
import { withdrawalFlow } from './withdrawal.service.ts';
import type { MarketService } from '../market/market.service.ts';
import { currentPrices } from '../trade/trade.prices.ts';
import type { Price } from '../trade/trade.math.ts';
import { checkWithdrawalAllowed } from '../kyc/kyc.limits.ts';
import { lockMemberTier } from '../kyc/kyc.repo.ts';

const NOT_OPEN = tr(
  'withdrawal.bitcoinNotOpen',
  'Bitcoin withdrawals are not available: the platform has no Bitcoin wallet configured.',
);
const CLOSED = tr('withdrawal.bitcoinClosed', 'Bitcoin withdrawals are closed on this platform for now.');

/**
 * #33: the dollars (cents) `sats` are worth at `price`, rounded up to the cent (the limits never count less than
 * leaves). What counts is the amount the address receives: the fee on top is the platform's, it does not leave.
 */
export function btcValueCents(sats: number, price: Price): number {
  const num = BigInt(sats) * price.num * 100n;
  const den = 10n ** 8n * 10n ** BigInt(price.exp);
  return Number((num + den - 1n) / den);
}

/** withdrawal.bitcoinTerms: whether they are open, the network, the fee and the smallest amount. */
export function bitcoinWithdrawalTerms(config: Config): TBitcoinWithdrawalTerms {
  return {
    enabled: Boolean(config.BTC_XPUB) && config.BTC_WITHDRAWALS_OPEN,
    network: config.BTC_NETWORK,
    fee: formatUnits(BigInt(config.BTC_WITHDRAWAL_FEE_SATS), 8),
    feeSats: config.BTC_WITHDRAWAL_FEE_SATS,
    minimum: formatUnits(BigInt(config.BTC_DUST_SATS + 1), 8),
  };
}

/**
 * Opens a Bitcoin withdrawal: the amount read exactly (at most 8 decimals), more than dust; the address checked
 * by its checksum and network; the amount and the fee held. Idempotent by key: the same key answers the first
 * request (whatever the fee is now), the same key with another amount or address is refused.
 */
export async function requestBitcoinWithdrawal(
  db: Database,
  user: Viewer & { email: string },
  input: TBitcoinWithdrawalRequestInput,
  opts: { env: FlowEnv; market: MarketService; checkBeforeCommit?: (trx: Database) => Promise<void> },
): Promise<TWithdrawal> {
  const { config } = opts.env;
  if (!config.BTC_XPUB) throw new AppError('INVALID_STATE', NOT_OPEN);
  if (!config.BTC_WITHDRAWALS_OPEN) throw new AppError('INVALID_STATE', CLOSED);
  const parsed = parseUnits(input.amount, 8, { positive: true, max: BigInt(MAX_SATS) });
  if (!parsed.ok) throw new AppError('BAD_INPUT', parsed.message);
  const sats = Number(parsed.value);
  if (sats <= config.BTC_DUST_SATS)
    throw new AppError(
      'BAD_INPUT',
      tr(
        'withdrawal.bitcoinBelowDust',
        'A Bitcoin withdrawal must be more than {dust}: the network does not relay smaller outputs.',
        { dust: btcText(config.BTC_DUST_SATS) },
      ),
    );
  const { address } = checkPayoutAddress(input.address, config.BTC_NETWORK);
  const { checkBeforeCommit, env } = opts;
  // #33: what the request is worth for the limits, at the price trades use now (as fresh as a trade needs); no
  // fresh price, no request: a guess could let more leave than the tier allows.
  const lookup = (await currentPrices(opts.market, env.now, config.TRADE_MAX_PRICE_AGE_S))('bitcoin', 'BTC');
  if (!lookup.ok)
    throw new AppError(
      'INVALID_STATE',
      tr(
        'withdrawal.bitcoinNoPrice',
        'Bitcoin withdrawals are paused: there is no fresh Bitcoin price to value the request against your limits. Try again in a minute.',
      ),
    );
  const usdValueCents = btcValueCents(sats, lookup.fresh.price);
  return openRequest(
    db,
    withdrawalFlow,
    user,
    { amount: 0, idempotencyKey: input.idempotencyKey },
    {
      env: opts.env,
      amountCents: 0,
      prepare: (trx) => lockMemberTier(trx, user.id),
      beforeInsert: (trx) => checkWithdrawalAllowed(trx, config, user.id, usdValueCents, env.now),
      ...(checkBeforeCommit ? { afterInsert: (trx) => checkBeforeCommit(trx) } : {}),
      values: () => ({
        method: 'bitcoin' as const,
        details: address,
        sats,
        fee_sats: config.BTC_WITHDRAWAL_FEE_SATS,
        usd_value_cents: usdValueCents,
        // Dated by the injected clock: the limits' rolling windows count by created_at.
        created_at: env.now,
      }),
      sameAs: (w) => w.method === 'bitcoin' && w.details === address && w.sats === sats,
    },
  );
}
