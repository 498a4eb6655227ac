import { useMemo } from 'react';
import { Badge, Box, Button, Card, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuSearch, LuTrendingDown, LuTrendingUp } from 'react-icons/lu';
import type { TCoin, TMarketCoins } from '@vestora/contract';
import { CoinAvatar, coinLogoSrc } from '../../components/ui/coin-avatar';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { formatBillions, formatPercent, formatPrice } from '../../lib/format';
import { MarketFreshness } from './MarketFreshness';

// The coin cards, their search results and Show More: a chunk of its own, fetched beside the coins (TopCoins),
// never with the home page's first load. Until the answer is there TopCoins shows its placeholders (what the
// pre-rendered page holds too): this code is never part of the hydration.

/** Case-insensitive match on name or symbol. */
export function filterCoins(coins: TCoin[], search: string): TCoin[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return coins;
  return coins.filter((c) => c.name.toLowerCase().includes(needle) || c.symbol.toLowerCase().includes(needle));
}

function ChangeBadge({ value }: { value: number | null }) {
  if (value === null) return <Badge variant="subtle">—</Badge>;
  const up = value >= 0;
  return (
    <Badge colorPalette={up ? 'green' : 'red'} variant="subtle" size="md" gap="1">
      {up ? <LuTrendingUp aria-hidden /> : <LuTrendingDown aria-hidden />}
      <VisuallyHidden>
        <Trans>24h change</Trans>{' '}
      </VisuallyHidden>
      {formatPercent(value)}
    </Badge>
  );
}

function CoinCard({ coin }: { coin: TCoin }) {
  const { t } = useLingui();
  const coinName = coin.name;
  const change = coin.price_change_percentage_24h;
  return (
    <Card.Root size="sm" variant="outline" bg="bg.panel" _hover={{ shadow: 'md' }} transition="box-shadow 0.2s">
      <Card.Body gap="4">
        <HStack justify="space-between" align="start" gap="3">
          <HStack gap="3" minW="0">
            <CoinAvatar name={coin.name} symbol={coin.symbol} src={coinLogoSrc(coin)} size="md" />
            <Box minW="0">
              <Text fontWeight="semibold" truncate>
                {coin.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {coin.symbol.toUpperCase()}
              </Text>
            </Box>
          </HStack>
          <ChangeBadge value={change} />
        </HStack>
        <Box>
          <Text fontSize="xs" color="fg.muted">
            <Trans>Price (USD)</Trans>
          </Text>
          <Text fontSize="2xl" fontWeight="bold" letterSpacing="tight">
            {formatPrice(coin.current_price)}
          </Text>
        </Box>
        <SimpleGrid columns={2} gap="2" fontSize="sm">
          <Box>
            <Text color="fg.muted" fontSize="xs">
              <Trans>Volume (24h)</Trans>
            </Text>
            <Text fontWeight="medium">{formatBillions(coin.total_volume)}</Text>
          </Box>
          <Box>
            <Text color="fg.muted" fontSize="xs">
              <Trans>Market cap</Trans>
            </Text>
            <Text fontWeight="medium">{formatBillions(coin.market_cap)}</Text>
          </Box>
        </SimpleGrid>
      </Card.Body>
      <Card.Footer>
        {/* The trade ticket with this coin chosen; a visitor not signed in signs in first (the dashboard's
            guard keeps the link as where to go next). */}
        <Button asChild width="full" variant="outline" colorPalette="teal">
          <RouterLink
            to={`/dashboard/trade?coin=${encodeURIComponent(coin.symbol.toLowerCase())}`}
            aria-label={t`Trade Now: ${coinName}`}
          >
            <Trans>Trade Now</Trans>
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

export interface CoinResultsProps {
  /** The server's answer (undefined when it failed). */
  data: TMarketCoins | undefined;
  /** Why the list could not be loaded, when it could not. */
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  search: string;
  /** How many cards are shown (10, then 25 more per Show More). */
  visible: number;
  onShowMore: () => void;
}

/** What the coin section shows once the server answered: the cards found, or why there are none. */
export default function CoinResults({ data, error, retrying, onRetry, search, visible, onShowMore }: CoinResultsProps) {
  const { t } = useLingui();
  const filtered = useMemo(() => filterCoins(data?.coins ?? [], search), [data, search]);
  const shown = filtered.slice(0, visible);
  const shownCount = shown.length;
  const total = filtered.length;
  const query = search.trim();

  if (!data) {
    return (
      <ErrorState
        title={t`Could not load market data`}
        description={errorMessage(error, t`Market data is unavailable right now. Please try again in a moment.`)}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  return (
    <>
      <MarketFreshness market={data} />
      {filtered.length === 0 ? (
        <EmptyState
          title={t`No coins found`}
          description={
            query
              ? t`No coin matches “${query}”. Try a name like Bitcoin or a symbol like ETH.`
              : t`There is no market data to show yet.`
          }
          icon={<LuSearch />}
        />
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
          {shown.map((coin) => (
            <CoinCard key={coin.id} coin={coin} />
          ))}
        </SimpleGrid>
      )}
      {filtered.length > 0 ? (
        <Stack align="center" gap="2">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            <Trans>
              Showing {shownCount} of {total} coins
            </Trans>
          </Text>
          {filtered.length > visible ? (
            <Button variant="subtle" colorPalette="teal" onClick={onShowMore}>
              <Trans>Show More</Trans>
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}
