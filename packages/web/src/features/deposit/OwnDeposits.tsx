import { Table } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import type { TDepositItem } from '@vestora/contract';
import { useDepositPages } from '../../lib/money-hooks';
import { formatMoney } from '../../lib/format';
import { formatBtc } from '../../lib/bitcoin';
import { TransferReferenceCell } from '../../components/money/RequestCells';
import { DepositItemStatusBadge } from '../../components/money/StatusBadge';
import { DepositTimeline } from '../../components/money/MoneyTimeline';
import { BitcoinTransaction } from '../../components/money/BitcoinDepositParts';
import { OwnRequests, type OwnRequestsSpec } from '../../components/money/OwnRequests';

// Built while rendering (not at module level) so that its words follow the language shown.
const ownDeposits = (): OwnRequestsSpec<TDepositItem> => ({
  noun: 'deposit',
  empty: {
    description: t`A transfer with your deposit reference is credited when it shows on our bank statement; the Deposit page shows the account and your reference.`,
    to: '/dashboard/deposit',
    label: t`Go to Deposit`,
  },
  minW: '28rem',
  detailHeader: t`Reference or transaction`,
  detailCell: (d) =>
    d.method === 'bitcoin' ? (
      <Table.Cell maxW="16rem">
        <BitcoinTransaction deposit={d} />
      </Table.Cell>
    ) : (
      <TransferReferenceCell reference={d.reference} maxW="16rem" />
    ),
  // A Bitcoin payment reads in BTC (#30: it is credited as BTC, "≈ $X" when its value is known); a payment credited
  // in dollars before #30 reads in dollars.
  amountText: (d) => {
    if (d.method !== 'bitcoin' || (d.status === 'confirmed' && d.amount !== null)) return formatMoney(d.amount);
    const btc = formatBtc(d.sats);
    const value = d.status === 'confirmed' && d.valueUsd !== null ? formatMoney(d.valueUsd) : null;
    return value !== null ? t`${btc} (≈ ${value})` : btc;
  },
  status: (d) => <DepositItemStatusBadge deposit={d} />,
  usePages: useDepositPages,
  Timeline: DepositTimeline,
});

/** The user's deposits (bank transfers and Bitcoin payments) with status and timeline. */
export function OwnDeposits({ userId }: { userId: string | undefined }) {
  return <OwnRequests spec={ownDeposits()} userId={userId} />;
}
