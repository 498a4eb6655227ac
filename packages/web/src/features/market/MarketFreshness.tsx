import { Alert, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { TMarketCoins } from '@vestora/contract';
import { formatDateTime } from '../../lib/format';

/**
 * How fresh the market figures are: a quiet line for live prices, a warning when the feed failed and
 * the figures are the last ones received (stale) or the bundled snapshot.
 */
export function MarketFreshness({ market }: { market: Pick<TMarketCoins, 'source' | 'fetchedAt'> }) {
  const when = formatDateTime(market.fetchedAt);
  if (market.source === 'live') {
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>Prices updated {when}.</Trans>
      </Text>
    );
  }
  const stale = market.source === 'stale';
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {stale ? <Trans>Prices may be out of date</Trans> : <Trans>Live prices are unavailable</Trans>}
        </Alert.Title>
        <Alert.Description>
          {stale ? (
            <Trans>The market feed is not answering, so these are the last prices we received, from {when}.</Trans>
          ) : (
            <Trans>
              The market feed could not be reached, so these are saved prices from {when}. They may differ a lot from
              current prices.
            </Trans>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
