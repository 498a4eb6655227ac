import { useEffect, useRef } from 'react';
import { Table } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TDepositItem } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatMoney } from '../../lib/format';
import { useInvalidateMoney } from '../../lib/money-hooks';
import { DEPOSIT_STATUS } from '../../lib/money-labels';
import { RecentRequestsCard, StatusCell } from '../../components/money/RecentRequestsCard';
import {
  BitcoinAmount,
  BitcoinStatusBadge,
  BitcoinStatusDetail,
  BitcoinTransaction,
} from '../../components/money/BitcoinDepositParts';
import { useBitcoinInstructions } from './BitcoinDeposit';

/**
 * How often the list asks again when the server takes Bitcoin: a payment appears by itself (seen on the network),
 * then moves on (confirmations, then the credit) with nobody reporting anything.
 */
const BITCOIN_REFRESH_MS = 10_000;

/** The number of Bitcoin payments not credited yet among `items`. */
function waitingBitcoin(items: readonly TDepositItem[] | undefined): number {
  return (items ?? []).filter((d) => d.method === 'bitcoin' && d.status !== 'confirmed').length;
}

/** The credited Bitcoin payments among `items`, as one comparable key (null before the list has loaded). */
function creditedBitcoin(items: readonly TDepositItem[] | undefined): string | null {
  if (!items) return null;
  return items
    .filter((d) => d.method === 'bitcoin' && d.status === 'confirmed')
    .map((d) => d.id)
    .join(',');
}

/**
 * The caller's latest deposits (everyone's for admins) with their status. A Bitcoin payment shows its amount in BTC
 * until credited, its transaction, and its confirmations; the list refreshes itself while the server takes Bitcoin.
 */
export function RecentDeposits() {
  const { t } = useLingui();
  const { bitcoin } = useBitcoinInstructions();
  const deposits = trpc.deposit.list.useQuery(
    { limit: 10 },
    {
      refetchInterval: (q) =>
        bitcoin !== undefined || waitingBitcoin(q.state.data?.items) > 0 ? BITCOIN_REFRESH_MS : false,
    },
  );
  // When a waiting payment is credited, the balance and the history change too.
  const invalidateMoney = useInvalidateMoney();
  const credited = creditedBitcoin(deposits.data?.items);
  const lastCredited = useRef<string | null>(null);
  useEffect(() => {
    if (credited === null) return;
    if (lastCredited.current !== null && credited !== lastCredited.current) void invalidateMoney();
    lastCredited.current = credited;
  }, [credited, invalidateMoney]);

  return (
    <RecentRequestsCard
      headingId="recent-deposits-heading"
      heading={t`Your recent deposits`}
      noun="deposits"
      minW="760px"
      columns={[t`Method`, t`Reference`, t`Status`]}
      emptyDescription={
        bitcoin
          ? t`Deposits you report, and Bitcoin payments to your address, appear here with their status.`
          : t`Deposits you report appear here with their status.`
      }
      query={deposits}
      amount={(d) => (d.method === 'bitcoin' ? <BitcoinAmount deposit={d} /> : formatMoney(d.amount))}
      cells={(d) =>
        d.method === 'bitcoin' ? (
          <>
            <Table.Cell>Bitcoin</Table.Cell>
            <Table.Cell>
              <BitcoinTransaction deposit={d} />
            </Table.Cell>
            <Table.Cell>
              <BitcoinStatusBadge deposit={d} />
              <BitcoinStatusDetail deposit={d} />
            </Table.Cell>
          </>
        ) : (
          <>
            <Table.Cell>
              <Trans>Bank transfer</Trans>
            </Table.Cell>
            <Table.Cell wordBreak="break-word">{d.reference}</Table.Cell>
            <StatusCell status={d.status} shown={DEPOSIT_STATUS[d.status]} reason={d.reason} />
          </>
        )
      }
    />
  );
}
