import type { TDeposit } from '@vestora/contract';
import { useDepositPages } from '../../lib/money-hooks';
import { TransferReferenceCell } from '../../components/money/RequestCells';
import { DepositStatusBadge } from '../../components/money/StatusBadge';
import { DepositTimeline } from '../../components/money/MoneyTimeline';
import { OwnRequests, type OwnRequestsSpec } from '../../components/money/OwnRequests';

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
