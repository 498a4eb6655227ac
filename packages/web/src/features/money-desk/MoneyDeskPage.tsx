import { Badge, Box, Stack, Tabs } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/page-title';
import { useUrlTab } from '../../lib/use-url-tab';
import { MAX_PAGE } from '../../lib/money-hooks';
import { DepositsDesk } from '../deposit/DepositsDesk';
import { WithdrawalsDesk } from '../withdrawal/WithdrawalsDesk';
import { AuditLog } from '../audit/AuditLog';
import { LedgerCheck } from '../ledger/LedgerCheck';
import { InvestmentsDesk } from '../investment/InvestmentsDesk';
import { PageIntro } from '../dashboard/PageIntro';
import { ApprovalsDesk } from '../approval/ApprovalsDesk';
import { ReservesDesk } from '../custody/ReservesDesk';
import { PayoutsDesk } from '../custody/PayoutsDesk';

const TABS = ['deposits', 'withdrawals', 'approvals', 'investments', 'bitcoin', 'reserves', 'audit', 'ledger'] as const;

/** How many requests wait for review, as a tab badge ("100+" past one page). */
function PendingCount({ count, more }: { count: number | undefined; more: boolean }) {
  if (!count) return null;
  const text = `${count}${more ? '+' : ''}`;
  return (
    <>
      <Badge colorPalette="yellow" variant="solid" size="sm" rounded="full" aria-hidden>
        {text}
      </Badge>
      <Box srOnly>
        <Trans>({text} pending)</Trans>
      </Box>
    </>
  );
}

/**
 * /dashboard/money-desk (admins): review reported deposits and held withdrawals, pay approved Bitcoin
 * withdrawals in batches signed offline, see what backs members' balances
 * (the coins we hold, declared reserves, the month's published root), read the audit log and check that every
 * balance equals its ledger. The tab lives in the URL (?tab=) so it can be linked.
 */
export default function MoneyDeskPage() {
  const { t } = useLingui();
  usePageTitle(t`Money desk`);
  const [tab, setTab] = useUrlTab(TABS);
  const pendingDeposits = trpc.deposit.list.useQuery({ status: 'pending', limit: MAX_PAGE });
  const pendingWithdrawals = trpc.withdrawal.list.useQuery({ status: 'pending', limit: MAX_PAGE });
  const pendingApprovals = trpc.approval.list.useQuery({ status: 'pending' });

  return (
    <Stack gap="6">
      <PageIntro title={t`Money desk`}>
        <Trans>
          Confirm deposits once the transfer has arrived, pay out or reject withdrawals, follow every investment, and
          trace every admin action.
        </Trans>
      </PageIntro>

      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line">
        {/* On a phone the tabs wrap onto a second line rather than run off the screen (#34). */}
        <Tabs.List flexWrap={{ base: 'wrap', md: 'nowrap' }} overflowX={{ md: 'auto' }} overflowY={{ md: 'hidden' }}>
          <Tabs.Trigger value="deposits" flexShrink={0}>
            <Trans>Deposits</Trans>
            <PendingCount count={pendingDeposits.data?.items.length} more={Boolean(pendingDeposits.data?.nextCursor)} />
          </Tabs.Trigger>
          <Tabs.Trigger value="withdrawals" flexShrink={0}>
            <Trans>Withdrawals</Trans>
            <PendingCount
              count={pendingWithdrawals.data?.items.length}
              more={Boolean(pendingWithdrawals.data?.nextCursor)}
            />
          </Tabs.Trigger>
          <Tabs.Trigger value="approvals" flexShrink={0}>
            <Trans>Approvals</Trans>
            <PendingCount count={pendingApprovals.data?.length} more={false} />
          </Tabs.Trigger>
          <Tabs.Trigger value="investments" flexShrink={0}>
            <Trans>Investments</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="bitcoin" flexShrink={0}>
            <Trans>Bitcoin payouts</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="reserves" flexShrink={0}>
            <Trans>Reserves</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" flexShrink={0}>
            <Trans>Audit log</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="ledger" flexShrink={0}>
            <Trans>Ledger check</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="deposits">
          <DepositsDesk />
        </Tabs.Content>
        <Tabs.Content value="withdrawals">
          <WithdrawalsDesk />
        </Tabs.Content>
        <Tabs.Content value="approvals">
          <ApprovalsDesk />
        </Tabs.Content>
        <Tabs.Content value="investments">
          <InvestmentsDesk />
        </Tabs.Content>
        <Tabs.Content value="bitcoin">
          <PayoutsDesk />
        </Tabs.Content>
        <Tabs.Content value="reserves">
          <ReservesDesk />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditLog />
        </Tabs.Content>
        <Tabs.Content value="ledger">
          <LedgerCheck />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
