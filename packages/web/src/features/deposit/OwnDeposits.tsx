import { Table } from '@chakra-ui/react';
import type { TDepositItem } from '@vestora/contract';
import { useDepositPages } from '../../lib/money-hooks';
import { formatMoney } from '../../lib/format';
import { formatBtc } from '../../lib/bitcoin';
import { TransferReferenceCell } from '../../components/money/RequestCells';
import { DepositItemStatusBadge } from '../../components/money/StatusBadge';
import { DepositTimeline } from '../../components/money/MoneyTimeline';
import { BitcoinTransaction } from '../../components/money/BitcoinDepositParts';
import { OwnRequests, type OwnRequestsSpec } from '../../components/money/OwnRequests';

const OWN_DEPOSITS: OwnRequestsSpec<TDepositItem> = {
  noun: 'deposit',
  empty: {
    description: 'When you send a transfer, report it on the Deposit page; it is credited once our team confirms it.',
    to: '/dashboard/deposit',
    label: 'Go to Deposit',
  },
  minW: '28rem',
  detailHeader: 'Reference or transaction',
  detailCell: (d) =>
    d.method === 'bitcoin' ? (
      <Table.Cell maxW="16rem">
        <BitcoinTransaction deposit={d} />
      </Table.Cell>
    ) : (
      <TransferReferenceCell reference={d.reference} maxW="16rem" />
    ),
  // A Bitcoin payment reads in BTC until it is credited in dollars.
  amountText: (d) =>
    d.method === 'bitcoin' && (d.status !== 'confirmed' || d.amount === null)
      ? formatBtc(d.sats)
      : formatMoney(d.amount),
  status: (d) => <DepositItemStatusBadge deposit={d} />,
  usePages: useDepositPages,
  Timeline: DepositTimeline,
};

/** The user's deposits (bank transfers and Bitcoin payments) with status and timeline. */
export function OwnDeposits({ userId }: { userId: string | undefined }) {
  return <OwnRequests spec={OWN_DEPOSITS} userId={userId} />;
}
