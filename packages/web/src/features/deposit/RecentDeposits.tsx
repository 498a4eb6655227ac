import { useEffect, useRef } from 'react';
import { Table } from '@chakra-ui/react';
import type { TDepositItem } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatMoney } from '../../lib/format';
import { useInvalidateMoney } from '../../lib/money-hooks';
import { DEPOSIT_STATUS } from '../../lib/money-labels';
import { RecentRequestsCard, StatusCell, type RecentRequestsSpec } from '../../components/money/RecentRequestsCard';
import {
  BitcoinAmount,
  BitcoinStatusBadge,
  BitcoinStatusDetail,
  BitcoinTransaction,
} from '../../components/money/BitcoinDepositParts';

const RECENT_DEPOSITS: RecentRequestsSpec = {
  headingId: 'recent-deposits-heading',
  heading: 'Your recent deposits',
  noun: 'deposits',
  emptyDescription: 'Deposits you report, and Bitcoin payments to your address, appear here with their status.',
  minW: '640px',
  columns: ['Method', 'Reference', 'Status'],
};

/** How often the list asks again while a Bitcoin payment waits for confirmations or a price. */
const WAITING_REFRESH_MS = 10_000;

/** The number of Bitcoin payments not credited yet among `items`. */
function waitingBitcoin(items: readonly TDepositItem[] | undefined): number {
  return (items ?? []).filter((d) => d.method === 'bitcoin' && d.status !== 'confirmed').length;
}

/**
 * The caller's latest deposits (everyone's for admins) with their status. A Bitcoin payment shows its amount in BTC
 * until credited, its transaction, and its confirmations; the list refreshes itself while a payment waits.
 */
export function RecentDeposits() {
  const deposits = trpc.deposit.list.useQuery(
    { limit: 10 },
    // A Bitcoin payment moves on by itself (confirmations, then the credit): follow it while one waits.
    { refetchInterval: (q) => (waitingBitcoin(q.state.data?.items) > 0 ? WAITING_REFRESH_MS : false) },
  );
  // When a waiting payment is credited, the balance and the history change too.
  const invalidateMoney = useInvalidateMoney();
  const waiting = waitingBitcoin(deposits.data?.items);
  const lastWaiting = useRef(waiting);
  useEffect(() => {
    if (waiting < lastWaiting.current) void invalidateMoney();
    lastWaiting.current = waiting;
  }, [waiting, invalidateMoney]);

  return (
    <RecentRequestsCard
      {...RECENT_DEPOSITS}
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
            <Table.Cell>Bank transfer</Table.Cell>
            <Table.Cell wordBreak="break-word">{d.reference}</Table.Cell>
            <StatusCell status={d.status} shown={DEPOSIT_STATUS[d.status]} reason={d.reason} />
          </>
        )
      }
    />
  );
}
