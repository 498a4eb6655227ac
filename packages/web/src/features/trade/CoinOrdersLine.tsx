import { Link as RouterLink } from 'react-router-dom';
import { HStack, Link, Text } from '@chakra-ui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { trpc } from '../../lib/trpc';

/** On the trade ticket (#31): the member's recurring buys and alerts on this coin, and links to set them up. */
export function CoinOrdersLine({ coin }: { coin: string }) {
  const buys = trpc.recurringBuy.list.useQuery(undefined, { staleTime: 30_000 });
  const alerts = trpc.priceAlert.list.useQuery(undefined, { staleTime: 30_000 });
  const nBuys = buys.data?.items.filter((b) => b.asset === coin).length ?? 0;
  const nAlerts = alerts.data?.items.filter((a) => a.asset === coin).length ?? 0;
  const q = `coin=${encodeURIComponent(coin.toLowerCase())}`;
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm" data-testid="ticket-orders-line">
      {buys.data && alerts.data ? (
        <Text color="fg.muted">
          <Trans>
            On <bdi>{coin}</bdi>: <Plural value={nBuys} one="# recurring buy" other="# recurring buys" />,{' '}
            <Plural value={nAlerts} one="# price alert" other="# price alerts" />.
          </Trans>
        </Text>
      ) : null}
      <Link asChild colorPalette="teal">
        <RouterLink to={`/dashboard/orders?${q}`}>
          <Trans>Buy it every week or month</Trans>
        </RouterLink>
      </Link>
      <Link asChild colorPalette="teal">
        <RouterLink to={`/dashboard/orders?tab=alerts&${q}`}>
          <Trans>Set a price alert</Trans>
        </RouterLink>
      </Link>
    </HStack>
  );
}
