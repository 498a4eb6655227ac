import { useMemo } from 'react';
import type { TDeposit } from '@vestora/contract';
import { useDepositPages } from '../../lib/money-hooks';
import { TransferReferenceCell } from '../../components/money/RequestCells';
import { DepositStatusBadge } from '../../components/money/StatusBadge';
import { DepositTimeline } from '../../components/money/MoneyTimeline';
import { OwnRequests, type OwnRequestsSpec } from '../../components/money/OwnRequests';
import { Table } from '@chakra-ui/react';
import { bitcoinDepositOf, formatBtc } from '../../lib/bitcoin';
import { formatMoney } from '../../lib/format';
import {
  BitcoinStatusBadge,
  BitcoinTransaction,
  useConfirmationsNeeded,
} from '../../components/money/BitcoinDepositParts';

/** The words of the owner's deposit list; `needed` is the confirmations a Bitcoin payment is credited at. */
function ownDeposits(needed: number | null): OwnRequestsSpec<TDeposit> {
  return {
    noun: 'deposit',
    empty: {
      description: 'When you send a transfer, report it on the Deposit page; it is credited once our team confirms it.',
      to: '/dashboard/deposit',
      label: 'Go to Deposit',
    },
    minW: '28rem',
    detailHeader: 'Reference or transaction',
    detailCell: (d) => {
      const view = bitcoinDepositOf(d);
      return view ? (
        <Table.Cell maxW="16rem">
          <BitcoinTransaction view={view} />
        </Table.Cell>
      ) : (
        <TransferReferenceCell reference={d.reference} maxW="16rem" />
      );
    },
    amountText: (d) => {
      const view = bitcoinDepositOf(d);
      if (!view) return formatMoney(d.amount);
      return view.state === 'confirmed' && view.amount !== null ? formatMoney(view.amount) : formatBtc(view.sats);
    },
    status: (d) => {
      const view = bitcoinDepositOf(d);
      return view ? <BitcoinStatusBadge view={view} needed={needed} /> : <DepositStatusBadge status={d.status} />;
    },
    usePages: useDepositPages,
    Timeline: DepositTimeline,
  };
}

/** The user's deposits (bank transfers and Bitcoin payments) with status and timeline. */
export function OwnDeposits({ userId }: { userId: string | undefined }) {
  const needed = useConfirmationsNeeded();
  const spec = useMemo(() => ownDeposits(needed), [needed]);
  return <OwnRequests spec={spec} userId={userId} />;
}
