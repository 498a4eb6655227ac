import { useMemo, useState } from 'react';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { Alert, Box, Button, Card, Flex, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { TCoin, TMarketCoins } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatInteger, formatPercent, formatPrice } from '../../lib/format';
import { ErrorState } from '../../components/ui/states';
import { CoinAvatar } from '../../components/ui/coin-avatar';

const PAGE = 25;

/** Whole dollars with separators, for market cap and volume. */
const wholeUsd = (n: number | null) => (n === null ? '—' : `$${formatInteger(n)}`);

/** /dashboard/chart: the market table (25 rows, +25 per Show More) and a price chart of the rows shown. */
export default function ChartPage() {
  const market = trpc.market.coins.useQuery(undefined, { staleTime: 60_000 });

  if (market.isError && !market.data)
    return (
      <ErrorState
        title="Could not load market data"
        description={errorMessage(market.error, 'Please try again in a moment.')}
        onRetry={() => void market.refetch()}
      />
    );
  if (!market.data)
    return (
      <Flex minH="40vh" align="center" justify="center" role="status" aria-live="polite">
        <Text color="fg.muted" fontSize="lg">
          Loading...
        </Text>
      </Flex>
    );
  return <MarketOverview market={market.data} />;
}

function MarketOverview({ market }: { market: TMarketCoins }) {
  const [visible, setVisible] = useState(PAGE);
  const shown = market.coins.slice(0, visible);

  return (
    <Stack gap="6" minW="0">
      <Heading as="h1" size="2xl">
        Top {shown.length} Cryptocurrencies
      </Heading>

      <FreshnessNotice market={market} />

      <Card.Root overflow="hidden">
        <Table.ScrollArea>
          <Table.Root size="sm" striped interactive minW="720px">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="12">#</Table.ColumnHeader>
                <Table.ColumnHeader>Coin</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Price (USD)</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Market Cap</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">24h Volume</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">24h Change (%)</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((coin, i) => (
                <CoinRow key={coin.id} coin={coin} rank={i + 1} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Card.Root>

      {visible < market.coins.length && (
        <Button alignSelf="center" variant="outline" onClick={() => setVisible((v) => v + PAGE)}>
          Show More
        </Button>
      )}

      <PriceTrends coins={shown} />
    </Stack>
  );
}

function CoinRow({ coin, rank }: { coin: TCoin; rank: number }) {
  const change = coin.price_change_percentage_24h;
  return (
    <Table.Row>
      <Table.Cell color="fg.muted">{rank}</Table.Cell>
      <Table.Cell>
        <HStack gap="3">
          <CoinAvatar src={coin.image} name={coin.name} size="sm" />
          <Text fontWeight="medium">{coin.name}</Text>
          <Text color="fg.muted" fontSize="xs" textTransform="uppercase">
            {coin.symbol.toUpperCase()}
          </Text>
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {formatPrice(coin.current_price)}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {wholeUsd(coin.market_cap)}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {wholeUsd(coin.total_volume)}
      </Table.Cell>
      <Table.Cell
        textAlign="end"
        fontVariantNumeric="tabular-nums"
        fontWeight="medium"
        color={change === null ? 'fg.muted' : change >= 0 ? 'fg.success' : 'fg.error'}
      >
        {formatPercent(change)}
      </Table.Cell>
    </Table.Row>
  );
}

function FreshnessNotice({ market }: { market: TMarketCoins }) {
  if (market.source === 'live') return null;
  const when = formatDateTime(market.fetchedAt);
  const snapshot = market.source === 'snapshot';
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{snapshot ? 'Showing snapshot market data' : 'Showing cached market data'}</Alert.Title>
        <Alert.Description>
          {snapshot
            ? `The live market feed is unavailable, so these figures come from a snapshot taken ${when}. They may differ a lot from current prices.`
            : `The live market feed is unavailable, so these figures are cached from ${when}.`}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function PriceTrends({ coins }: { coins: TCoin[] }) {
  const { options, series } = useMemo(() => {
    const options: ApexOptions = {
      chart: { id: 'price-trends', toolbar: { show: false }, zoom: { enabled: false }, fontFamily: 'inherit' },
      stroke: { curve: 'smooth', width: 2 },
      colors: ['#0f766e'],
      dataLabels: { enabled: false },
      markers: { size: 3 },
      xaxis: {
        categories: coins.map((c) => c.symbol.toUpperCase()),
        labels: { rotate: -45, hideOverlappingLabels: true },
        tooltip: { enabled: false },
      },
      // Prices span from fractions of a cent to tens of thousands of dollars: a log scale keeps them all visible.
      yaxis: {
        logarithmic: true,
        labels: { formatter: (v: number) => formatPrice(v) },
      },
      tooltip: {
        x: { formatter: (_v: number, opts?: { dataPointIndex?: number }) => coins[opts?.dataPointIndex ?? -1]?.name ?? '' },
        y: { formatter: (v: number) => formatPrice(v) },
      },
      grid: { strokeDashArray: 4 },
    };
    return {
      options,
      series: [{ name: 'Price (USD)', data: coins.map((c) => (c.current_price && c.current_price > 0 ? c.current_price : null)) }],
    };
  }, [coins]);

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Price Trends (USD)
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Current price of each coin in the table, on a logarithmic scale.
        </Text>
      </Card.Header>
      <Card.Body>
        <Box w="100%" minW="0">
          <Chart type="line" height={300} width="100%" options={options} series={series} />
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
