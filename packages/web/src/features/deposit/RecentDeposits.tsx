import { Table } from '@chakra-ui/react';
import { isBankDeposit } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { DEPOSIT_STATUS } from '../../lib/money-labels';
import { RecentRequestsCard, StatusCell, type RecentRequestsSpec } from '../../components/money/RecentRequestsCard';

const RECENT_DEPOSITS: RecentRequestsSpec = {
  headingId: 'recent-deposits-heading',
  heading: 'Your recent deposits',
  noun: 'deposits',
  emptyDescription: 'Deposits you report appear here with their status.',
  minW: '560px',
  columns: ['Reference', 'Status'],
};

/** The caller's latest deposits (everyone's for admins) with their status. */
export function RecentDeposits() {
  const deposits = trpc.deposit.list.useQuery(
    { limit: 10 },
    { select: (page) => ({ ...page, items: page.items.filter(isBankDeposit) }) },
  );

  return (
    <RecentRequestsCard
      {...RECENT_DEPOSITS}
      query={deposits}
      cells={(d) => (
        <>
          <Table.Cell wordBreak="break-word">{d.reference}</Table.Cell>
          <StatusCell status={d.status} shown={DEPOSIT_STATUS[d.status]} reason={d.reason} />
        </>
      )}
    />
  );
}
