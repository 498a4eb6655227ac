// A Bitcoin withdrawal (#32): BTC from the member's holding to an address of theirs. The request holds, in the
// member's BTC withdrawal hold, the satoshis the address receives plus the flat BTC_WITHDRAWAL_FEE_SATS, in one
// transaction with the pending row (refused whole if the holding is short); it is then reviewed with four eyes
// like every withdrawal and, approved, waits for the next payout batch.
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

const NOT_OPEN = tr(
  'withdrawal.bitcoinNotOpen',
  'Bitcoin withdrawals are not available: the platform has no Bitcoin wallet configured.',
);
const NOT_YET = tr(
  'withdrawal.bitcoinNotYet',
  'Bitcoin withdrawals are not open yet: the platform cannot send Bitcoin payouts yet.',
);

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
  opts: { env: FlowEnv; checkBeforeCommit?: (trx: Database) => Promise<void> },
): Promise<TWithdrawal> {
  const { config } = opts.env;
  if (!config.BTC_XPUB) throw new AppError('INVALID_STATE', NOT_OPEN);
  if (!config.BTC_WITHDRAWALS_OPEN) throw new AppError('INVALID_STATE', NOT_YET);
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
  const { checkBeforeCommit } = opts;
  return openRequest(
    db,
    withdrawalFlow,
    user,
    { amount: 0, idempotencyKey: input.idempotencyKey },
    {
      env: opts.env,
      amountCents: 0,
      ...(checkBeforeCommit ? { afterInsert: (trx) => checkBeforeCommit(trx) } : {}),
      values: () => ({ method: 'bitcoin' as const, details: address, sats, fee_sats: config.BTC_WITHDRAWAL_FEE_SATS }),
      sameAs: (w) => w.method === 'bitcoin' && w.details === address && w.sats === sats,
    },
  );
}
