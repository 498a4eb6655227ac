import { Link as RouterLink } from 'react-router-dom';
import { Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { translate } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatAmount, formatUsd } from './trade-format';

/**
 * On the trade ticket (#31): the member's open limit orders on this coin (what each holds and why it waits), and
 * links to place one to buy or to sell it.
 */
export function CoinLimitOrders({ coin, scales }: { coin: string; scales: Record<string, number> }) {
  const orders = trpc.order.list.useQuery({ status: 'open' }, { staleTime: 15_000 });
  const mine = orders.data?.items.filter((o) => o.asset === coin) ?? [];
  const q = `coin=${encodeURIComponent(coin.toLowerCase())}`;
  return (
    <Stack gap="3" data-testid="ticket-limit-orders">
      <HStack gap="3" wrap="wrap" fontSize="sm">
        {orders.data ? (
          <Text color="fg.muted">
            <Trans>
              On <bdi>{coin}</bdi>: <Plural value={mine.length} one="# open limit order" other="# open limit orders" />.
            </Trans>
          </Text>
        ) : null}
        <Link asChild colorPalette="teal">
          <RouterLink to={`/dashboard/orders?tab=limit&${q}`}>
            <Trans>Buy at a limit price</Trans>
          </RouterLink>
        </Link>
        <Link asChild colorPalette="teal">
          <RouterLink to={`/dashboard/orders?tab=limit&${q}&side=sell`}>
            <Trans>Sell at a limit price</Trans>
          </RouterLink>
        </Link>
      </HStack>
      {mine.map((o) => {
        const amount = o.amount !== null ? formatAmount(o.amount, o.asset, scales[o.asset]) : formatUsd(o.amountUsd);
        const limit = formatUsd(o.limitPrice);
        const held = formatAmount(o.held, o.heldAsset, scales[o.heldAsset]);
        return (
          <Card.Root key={o.id} size="sm" data-testid="ticket-limit-order">
            <Card.Body gap="1">
              <Text fontWeight="semibold" fontSize="sm">
                {o.side === 'buy' ? (
                  <Trans>
                    Buy <bdi>{amount}</bdi> at <bdi>{limit}</bdi> or less
                  </Trans>
                ) : (
                  <Trans>
                    Sell <bdi>{amount}</bdi> at <bdi>{limit}</bdi> or more
                  </Trans>
                )}
              </Text>
              <Text fontSize="sm">
                <Trans>
                  Set aside: <bdi>{held}</bdi>
                </Trans>
              </Text>
              {o.waiting ? (
                <Text fontSize="sm" color="fg.muted">
                  {translate(o.waiting)}
                </Text>
              ) : null}
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}
