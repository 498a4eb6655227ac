import { Stack, Tabs } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../lib/page-title';
import { useUrlTab } from '../../lib/use-url-tab';
import { PageIntro } from '../dashboard/PageIntro';
import { LimitOrdersTab } from './LimitOrdersTab';
import { PriceAlertsTab } from './PriceAlertsTab';
import { RecurringBuysTab } from './RecurringBuysTab';

const TABS = ['recurring', 'alerts', 'limit'] as const;

/**
 * /dashboard/orders (#31): what acts while the member is away, one tab each (`?tab=`); `?coin=btc` preselects the
 * coin of the forms (the trade ticket links here), `?side=sell` the limit order's side.
 */
export default function OrdersPage() {
  const { t } = useLingui();
  usePageTitle(t`Orders`);
  const [tab, setTab] = useUrlTab(TABS);
  const [params] = useSearchParams();
  const coin = params.get('coin');
  return (
    <Stack gap="6" maxW="3xl">
      <PageIntro title={t`Orders`}>
        <Trans>Buys and alerts that act while you are away, each exactly once, at fresh market prices.</Trans>
      </PageIntro>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line">
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="recurring" flexShrink={0}>
            <Trans>Recurring buys</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="alerts" flexShrink={0}>
            <Trans>Price alerts</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="limit" flexShrink={0}>
            <Trans>Limit orders</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="recurring">
          <RecurringBuysTab initialCoin={coin} />
        </Tabs.Content>
        <Tabs.Content value="alerts">
          <PriceAlertsTab initialCoin={coin} />
        </Tabs.Content>
        <Tabs.Content value="limit">
          <LimitOrdersTab initialCoin={coin} initialSide={params.get('side')} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
