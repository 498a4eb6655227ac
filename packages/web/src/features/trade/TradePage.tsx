import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { PageIntro } from '../dashboard/PageIntro';
import { TierLine } from '../kyc/TierLine';
import { pickCoin, pickSide, tradableCoins } from './ticket';
import { TradeTicket } from './TradeTicket';
import { CoinLimitOrders } from './CoinLimitOrders';

/**
 * /dashboard/trade (#30): the trade ticket. "Trade Now" on a coin card links here with `?coin=btc`; visitors who
 * are not signed in pass through sign-in first (the dashboard's guard keeps the link).
 */
export default function TradePage() {
  const { t } = useLingui();
  usePageTitle(t`Trade`);
  const [params] = useSearchParams();
  const assets = trpc.asset.list.useQuery(undefined, { staleTime: 15_000 });
  const holdings = trpc.portfolio.holdings.useQuery(undefined, { staleTime: 15_000 });

  const coins = useMemo(() => tradableCoins(assets.data ?? []), [assets.data]);
  const scales = useMemo(() => Object.fromEntries((assets.data ?? []).map((a) => [a.symbol, a.scale])), [assets.data]);
  const held = useMemo(
    () => Object.fromEntries((holdings.data?.items ?? []).map((h) => [h.asset, h.amount])),
    [holdings.data],
  );
  const wanted = params.get('coin')?.trim().toUpperCase() ?? null;
  const coin = pickCoin(wanted, coins);
  const side = pickSide(params.get('side'));

  const intro = (
    <PageIntro title={t`Trade`}>
      <Trans>
        Buy, sell or convert coins with Vestora at a firm price: you see every number before you confirm, and the price
        holds for a few seconds.
      </Trans>
    </PageIntro>
  );
  if (assets.isPending)
    return (
      <Stack gap="6">
        {intro}
        <PageLoader label={t`Loading the coins...`} />
      </Stack>
    );
  if (assets.isError)
    return (
      <Stack gap="6">
        {intro}
        <ErrorState
          title={t`Could not load the coins`}
          description={errorMessage(assets.error)}
          onRetry={() => void assets.refetch()}
          retrying={assets.isRefetching}
        />
      </Stack>
    );
  const unlisted = wanted && wanted !== coin ? wanted : null;
  return (
    <Stack gap="6" maxW="2xl">
      {intro}
      <TierLine />
      {unlisted ? (
        <Alert.Root status="info" data-testid="trade-unlisted">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>
              <bdi>{unlisted}</bdi> cannot be traded on Vestora right now.
            </Trans>
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {coin ? (
        <>
          <TradeTicket coins={coins} scales={scales} initialCoin={coin} initialSide={side} held={held} />
          <CoinLimitOrders coin={coin} scales={scales} />
        </>
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>No coin can be traded right now. Please come back later.</Trans>
          </Alert.Title>
        </Alert.Root>
      )}
      <Text color="fg.muted" fontSize="sm">
        <Trans>
          What you hold and what you paid for it:{' '}
          <Link asChild colorPalette="teal">
            <RouterLink to="/dashboard/portfolio">your portfolio</RouterLink>
          </Link>
          .
        </Trans>
      </Text>
    </Stack>
  );
}
