import { centsToDollars, type TDeposit } from '@vestora/contract';
import type { DepositRow } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';

/** A deposit as the wire shows it (dollars, ISO dates). */
export function toDeposit(row: DepositRow, userEmail: string): TDeposit {
  return {
    method: 'bank',
    id: row.id,
    userId: row.user_id,
    userEmail,
    amount: centsToDollars(row.amount_cents),
    reference: row.reference,
    // Only Bitcoin rows are ever seen or held (the watcher writes those statuses, on its own rows only).
    status: row.status as TDeposit['status'],
    reason: row.reason,
    reviewedBy: row.reviewed_by,
    createdAt: iso(row.created_at),
    reviewedAt: isoOrNull(row.reviewed_at),
  };
}
