import { Link as RouterLink } from 'react-router-dom';
import { Badge, Flex, Link, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { TWithdrawal } from '@vestora/contract';
import { useWithdrawalPages } from '../../lib/money-hooks';
import { WithdrawalStatusBadge } from '../../components/money/StatusBadge';
import { WithdrawalTimeline } from '../../components/money/MoneyTimeline';
import { OwnRequests, type OwnRequestsSpec } from '../../components/money/OwnRequests';
import { PayToCell } from '../../components/money/RequestCells';
import { formatRequestAmount } from '../../lib/format';

// Built while rendering (not at module level) so that its words follow the language shown.
const ownWithdrawals = (): OwnRequestsSpec<TWithdrawal> => ({
  noun: 'withdrawal',
  empty: {
    description: t`Request a payout on the Cashout page; the amount is held at once and paid after review.`,
    to: '/dashboard/cashout',
    label: t`Go to Cashout`,
  },
  minW: '30rem',
  amountText: (w) => formatRequestAmount(w),
  detailHeader: t`Pay to`,
  detailCell: (w) => <PayToCell withdrawal={w} />,
  status: (w) => (
    <Flex gap="1" align="center" wrap="wrap">
      <WithdrawalStatusBadge withdrawal={w} />
      {w.payoutReference ? (
        <Badge variant="outline" title={t`Payout reference`}>
          {w.payoutReference}
        </Badge>
      ) : null}
    </Flex>
  ),
  before: (items) =>
    items.some((w) => w.status === 'pending') ? (
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          A pending request can be cancelled on the{' '}
          <Link asChild colorPalette="teal" variant="underline">
            <RouterLink to="/dashboard/cashout">Cashout page</RouterLink>
          </Link>
          ; the held amount then returns to your balance.
        </Trans>
      </Text>
    ) : null,
  usePages: useWithdrawalPages,
  Timeline: WithdrawalTimeline,
});

/** The user's withdrawals with status, payout reference and timeline. */
export function OwnWithdrawals({ userId }: { userId: string | undefined }) {
  return <OwnRequests spec={ownWithdrawals()} userId={userId} />;
}
