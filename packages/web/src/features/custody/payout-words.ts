// How payout batches read (#32): the one place their statuses are named, for the batch cards and the list.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TPayoutBatch, TPayoutBatchStatus } from '@vestora/contract';

/** Each status's name and colour (the name is always shown: colour is never the only cue). */
export const BATCH_STATUS: Record<TPayoutBatchStatus, { label: MessageDescriptor; palette: string }> = {
  built: { label: msg`Built: waiting for the signed PSBT`, palette: 'yellow' },
  sent: { label: msg`Sent: waiting for confirmations`, palette: 'blue' },
  paid: { label: msg`Paid`, palette: 'green' },
  cancelled: { label: msg`Cancelled`, palette: 'gray' },
  exception: { label: msg`Exception`, palette: 'red' },
};

/** What went wrong with a sent batch, for an admin. */
export const BATCH_EXCEPTION: Record<NonNullable<TPayoutBatch['exception']>, MessageDescriptor> = {
  replaced: msg`Replaced: another transaction spends its coins. Its withdrawals stay sent, their funds held.`,
  dropped: msg`Dropped: the block source has not known the transaction for an hour. Its withdrawals stay sent, their funds held.`,
};
