import { Badge } from '@chakra-ui/react';
import type { TDeposit, TWithdrawal } from '@vestora/contract';
import { DEPOSIT_STATUS, WITHDRAWAL_STATUS } from '../money-labels';

/** A deposit's status as a coloured badge with its name (colour is never the only cue). */
export function DepositStatusBadge({ status }: { status: TDeposit['status'] }) {
  const s = DEPOSIT_STATUS[status];
  return (
    <Badge colorPalette={s.palette} variant="subtle" whiteSpace="nowrap">
      {s.label}
    </Badge>
  );
}

/** A withdrawal's status as a coloured badge with its name. */
export function WithdrawalStatusBadge({ status }: { status: TWithdrawal['status'] }) {
  const s = WITHDRAWAL_STATUS[status];
  return (
    <Badge colorPalette={s.palette} variant="subtle" whiteSpace="nowrap">
      {s.label}
    </Badge>
  );
}
