import { useDeferredValue, useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  HStack,
  Input,
  InputGroup,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { LuSearch, LuTrendingDown, LuTrendingUp } from 'react-icons/lu';
import type { TCoin } from '@vestora/contract';
import { CoinAvatar } from '../../components/ui/coin-avatar';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { i18n } from '../../i18n';
import { site } from '../public/site';
import { errorMessage } from '../../lib/errors';
import { formatBillions, formatPercent, formatPrice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { MarketFreshness } from './MarketFreshness';

/** Spec section 9: 10 coins first, 25 more per Show More. */
const FIRST_PAGE = 10;
const PAGE_STEP = 25;

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
      <VisuallyHidden>24h change </VisuallyHidden>
      {formatPercent(value)}
    </Badge>
  );
}

function CoinCard({ coin, showImage }: { coin: TCoin; showImage: boolean }) {
  const change = coin.price_change_percentage_24h;
  return (
    <Card.Root size="sm" variant="outline" bg="white" _hover={{ shadow: 'md' }} transition="box-shadow 0.2s">
      <Card.Body gap="4">
        <HStack justify="space-between" align="start" gap="3">
          <HStack gap="3" minW="0">
            <CoinAvatar name={coin.name} symbol={coin.symbol} src={showImage ? coin.image : null} size="md" />
            <Box minW="0">
              <Text fontWeight="semibold" truncate>
                {coin.name}
              </Text>
              <Text fontSize="sm" color="gray.500">
                {coin.symbol.toUpperCase()}
              </Text>
            </Box>
          </HStack>
          <ChangeBadge value={change} />
        </HStack>
        <Box>
          <Text fontSize="xs" color="gray.500">
            Price (USD)
          </Text>
          <Text fontSize="2xl" fontWeight="bold" letterSpacing="tight">
            {formatPrice(coin.current_price)}
          </Text>
        </Box>
        <SimpleGrid columns={2} gap="2" fontSize="sm">
          <Box>
            <Text color="gray.500" fontSize="xs">
              Volume (24h)
            </Text>
            <Text fontWeight="medium">{formatBillions(coin.total_volume)}</Text>
          </Box>
          <Box>
            <Text color="gray.500" fontSize="xs">
              Market cap
            </Text>
            <Text fontWeight="medium">{formatBillions(coin.market_cap)}</Text>
          </Box>
        </SimpleGrid>
      </Card.Body>
      <Card.Footer>
        <Button
          width="full"
          variant="outline"
          colorPalette="teal"
          aria-label={`Trade Now: ${coin.name}`}
          onClick={() =>
            toaster.create({
              type: 'info',
              title: 'Trading is not available yet',
              description: i18n._(site.coinsSection.tradeUnavailable),
            })
          }
        >
          Trade Now
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/**
 * Until the coins arrive: placeholders the size of what replaces them (the freshness line, the first page of
 * cards at about 260 px each, the count and Show More), so the page below does not jump when they come.
 */
function LoadingGrid() {
  return (
    <>
      <Skeleton height="21px" width="16rem" maxW="full" />
      <Box role="status" aria-live="polite">
        <VisuallyHidden>Loading market data...</VisuallyHidden>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
          {Array.from({ length: FIRST_PAGE }, (_, i) => (
            <Skeleton key={i} height="260px" rounded="lg" />
          ))}
        </SimpleGrid>
      </Box>
      <Box height="69px" />
    </>
  );
}

/** Home's top cryptocurrencies: search, cards, Show More. Data comes from our server's shared cache. */
export default function TopCoins() {
  const market = trpc.market.coins.useQuery(undefined, { staleTime: 60_000 });
  // The cards render as a transition (in short slices), not in the task that received the answer.
  const data = useDeferredValue(market.data);
  const [search, setSearch] = useState('');
  const [visible, setVisible] = useState(FIRST_PAGE);

  const filtered = useMemo(() => filterCoins(data?.coins ?? [], search), [data, search]);
  const shown = filtered.slice(0, visible);

  return (
    <Stack gap="5">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'end' }} gap="4">
        <Box>
          <Text as="h2" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
            {i18n._(site.coinsSection.title)}
          </Text>
          <Text color="gray.600" mt="1">
            {i18n._(site.coinsSection.subtitle)}
          </Text>
        </Box>
        <InputGroup startElement={<LuSearch />} maxW={{ md: 'xs' }} width="full">
          <Input
            type="search"
            aria-label="Search coins by name or symbol"
            placeholder="Search by name or symbol"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            bg="white"
          />
        </InputGroup>
      </Stack>

      {market.isError ? (
        <ErrorState
          title="Could not load market data"
          description={errorMessage(
            market.error,
            'Market data is unavailable right now. Please try again in a moment.',
          )}
          onRetry={() => void market.refetch()}
          retrying={market.isFetching}
        />
      ) : !data ? (
        <LoadingGrid />
      ) : (
        <>
          <MarketFreshness market={data} />
          {filtered.length === 0 ? (
            <EmptyState
              title="No coins found"
              description={
                search.trim()
                  ? `No coin matches “${search.trim()}”. Try a name like Bitcoin or a symbol like ETH.`
                  : 'There is no market data to show yet.'
              }
              icon={<LuSearch />}
            />
          ) : (
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
              {shown.map((coin) => (
                <CoinCard key={coin.id} coin={coin} showImage={data.source === 'live'} />
              ))}
            </SimpleGrid>
          )}
          {filtered.length > 0 ? (
            <Stack align="center" gap="2">
              <Text fontSize="sm" color="gray.600" aria-live="polite">
                Showing {shown.length} of {filtered.length} coins
              </Text>
              {filtered.length > visible ? (
                <Button variant="subtle" colorPalette="teal" onClick={() => setVisible((n) => n + PAGE_STEP)}>
                  Show More
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}
