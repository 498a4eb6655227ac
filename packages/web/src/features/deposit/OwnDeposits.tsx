import type { TDeposit } from '@vestora/contract';
import { useDepositPages } from '../money/money-hooks';
import { TransferReferenceCell } from '../money/components/RequestCells';
import { DepositStatusBadge } from '../money/components/StatusBadge';
import { DepositTimeline } from '../money/components/MoneyTimeline';
import { OwnRequests, type OwnRequestsSpec } from '../money/components/OwnRequests';

const OWN_DEPOSITS: OwnRequestsSpec<TDeposit> = {
  noun: 'deposit',
  empty: {
    description: 'When you send a transfer, report it on the Deposit page; it is credited once our team confirms it.',
    to: '/dashboard/deposit',
    label: 'Go to Deposit',
  },
  minW: '28rem',
  detailHeader: 'Transfer reference',
  detailCell: (d) => <TransferReferenceCell reference={d.reference} maxW="16rem" />,
  status: (d) => <DepositStatusBadge status={d.status} />,
  usePages: useDepositPages,
  Timeline: DepositTimeline,
};

/** The user's deposits with status and timeline. */
export function OwnDeposits({ userId }: { userId: string | undefined }) {
  return <OwnRequests spec={OWN_DEPOSITS} userId={userId} />;
}
