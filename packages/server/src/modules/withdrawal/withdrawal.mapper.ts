import { centsToDollars, formatUnits, type TWithdrawal } from '@vestora/contract';
import type { WithdrawalRow } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';

/** A withdrawal as the wire shows it (dollars, ISO dates). */
export function toWithdrawal(row: WithdrawalRow, userEmail: string): TWithdrawal {
  return {
    id: row.id,
    userId: row.user_id,
    userEmail,
    amount: centsToDollars(row.amount_cents),
    method: row.method,
    details: row.details,
    btcAmount: row.sats === null ? null : formatUnits(BigInt(row.sats), 8),
    btcFee: row.fee_sats === null ? null : formatUnits(BigInt(row.fee_sats), 8),
    status: row.status,
    reason: row.reason,
    payoutReference: row.payout_reference,
    payoutSats: row.payout_sats === null ? null : Number(row.payout_sats),
    confirmedAt: isoOrNull(row.payout_confirmed_at),
    reviewedBy: row.reviewed_by,
    createdAt: iso(row.created_at),
    reviewedAt: isoOrNull(row.reviewed_at),
    cancelledAt: isoOrNull(row.cancelled_at),
  };
}
