// A payout batch row as bitcoin.payoutBatch.* answers it (#32): amounts in BTC and satoshis, dates in ISO.
import { formatUnits, type TPayoutBatch } from '@vestora/contract';
import type { Selectable } from 'kysely';
import type { BitcoinPayoutBatchTable, PayoutBatchInput, PayoutBatchOutput } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';

const btc = (sats: number | string) => formatUnits(BigInt(sats), 8);

/** jsonb arrives parsed from pg and PGlite; text (an older driver) is parsed here. */
const parsed = <T>(v: T[] | string): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : v);

type BatchRow = Selectable<BitcoinPayoutBatchTable>;

/** The coins a batch spends, as built. */
export const batchInputs = (row: Pick<BatchRow, 'inputs'>) => parsed<PayoutBatchInput>(row.inputs);
/** The payments a batch makes, as built. */
export const batchOutputs = (row: Pick<BatchRow, 'outputs'>) => parsed<PayoutBatchOutput>(row.outputs);

/** The wire shape of a batch. */
export function batchView(row: BatchRow): TPayoutBatch {
  const inputs = batchInputs(row);
  const outputs = batchOutputs(row);
  return {
    id: row.id,
    status: row.status,
    exception: row.exception,
    withdrawals: outputs.map((o) => ({
      id: o.withdrawalId,
      address: o.address,
      amount: btc(o.sats),
      sats: String(o.sats),
    })),
    inputs: inputs.map((i) => ({
      txid: i.txid,
      vout: i.vout,
      address: i.address,
      amount: btc(i.sats),
      sats: String(i.sats),
    })),
    change:
      row.change_address === null || row.change_sats === null || row.change_index === null
        ? null
        : {
            address: row.change_address,
            index: row.change_index,
            amount: btc(row.change_sats),
            sats: String(row.change_sats),
          },
    fee: btc(row.fee_sats),
    feeSats: String(row.fee_sats),
    feeRate: row.fee_rate_sat_kvb / 1000,
    psbt: row.psbt,
    txid: row.txid,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    sentAt: isoOrNull(row.sent_at),
    paidAt: isoOrNull(row.paid_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    exceptionAt: isoOrNull(row.exception_at),
  };
}
