import { Flex, Stack, Tabs } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { useUrlTab } from '../../lib/use-url-tab';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { BalanceSummary } from './BalanceSummary';
import { ExportCsvButton } from './ExportCsvButton';
import { LedgerHistory } from './LedgerHistory';
import { OwnDeposits } from '../deposit/OwnDeposits';
import { OwnWithdrawals } from '../withdrawal/OwnWithdrawals';
import { PageIntro } from '../dashboard/PageIntro';
import { StatementsPanel } from '../account-statement/StatementsPanel';

const TABS = ['history', 'deposits', 'withdrawals', 'statements'] as const;

/**
 * /dashboard/transactions: "why is my balance X?" Every ledger entry with the balance after it and
 * what caused it, the user's deposits and withdrawals with their timelines, a CSV export, and the monthly
 * statements with the yearly interest summary.
 */
export default function TransactionsPage() {
  const { t } = useLingui();
  usePageTitle(t`Transactions`);
  const { user, isAdmin, isPending, isError, error, refetch, isRefetching } = useSession();
  const [tab, setTab] = useUrlTab(TABS);

  if (isPending) return <PageLoader />;
  if (isError || !user) {
    return <ErrorState description={errorMessage(error)} onRetry={() => void refetch()} retrying={isRefetching} />;
  }
  // Lists answer "own" for users and "everyone" for admins: an admin reading their own history filters by id.
  const ownerFilter = isAdmin ? user.id : undefined;

  return (
    <Stack gap="6">
      <Flex
        gap="4"
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
        direction={{ base: 'column', sm: 'row' }}
      >
        <PageIntro title={t`Transactions`}>
          <Trans>Every change to your balance, what caused it, and the deposits and withdrawals behind it.</Trans>
        </PageIntro>
        <ExportCsvButton userId={ownerFilter} />
      </Flex>

      <BalanceSummary balance={user.balance} userId={ownerFilter} />

      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line">
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="history" flexShrink={0}>
            <Trans>Balance history</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="deposits" flexShrink={0}>
            <Trans>Deposits</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="withdrawals" flexShrink={0}>
            <Trans>Withdrawals</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="statements" flexShrink={0}>
            <Trans>Statements</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="history">
          <LedgerHistory userId={ownerFilter} />
        </Tabs.Content>
        <Tabs.Content value="deposits">
          <OwnDeposits userId={ownerFilter} />
        </Tabs.Content>
        <Tabs.Content value="withdrawals">
          <OwnWithdrawals userId={ownerFilter} />
        </Tabs.Content>
        <Tabs.Content value="statements">
          <StatementsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
