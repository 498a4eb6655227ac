import { Badge } from '@chakra-ui/react';
import type { TDeposit, TDepositItem, TWithdrawal } from '@vestora/contract';
import { DEPOSIT_STATUS, withdrawalStatusOf } from '../../lib/money-labels';
import { BitcoinStatusBadge } from './BitcoinDepositParts';

/** A status as a coloured badge with its name (colour is never the only cue). */
function LabelledBadge({ shown }: { shown: { label: string; palette: string } }) {
  return (
    <Badge colorPalette={shown.palette} variant="subtle" whiteSpace="nowrap">
      {shown.label}
    </Badge>
  );
}

/** A deposit's status as a badge. */
export function DepositStatusBadge({ status }: { status: TDeposit['status'] }) {
  return <LabelledBadge shown={DEPOSIT_STATUS[status]} />;
}

/** Any deposit's status as a badge: a bank deposit's, or a Bitcoin payment's with its confirmations. */
export function DepositItemStatusBadge({ deposit }: { deposit: TDepositItem }) {
  return deposit.method === 'bitcoin' ? (
    <BitcoinStatusBadge deposit={deposit} />
  ) : (
    <DepositStatusBadge status={deposit.status} />
  );
}

/** A withdrawal's status as a badge (a crypto payout's `sent` reads "Sent — waiting for the network"). */
export function WithdrawalStatusBadge({ withdrawal }: { withdrawal: Pick<TWithdrawal, 'status' | 'method'> }) {
  return <LabelledBadge shown={withdrawalStatusOf(withdrawal)} />;
}
