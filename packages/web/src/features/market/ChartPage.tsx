import { useMemo, useState } from 'react';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { Box, Button, Card, Flex, HStack, Heading, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import type { TCoin, TMarketCoins } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { MarketFreshness } from './MarketFreshness';
import { errorMessage } from '../../lib/errors';
import { formatInteger, formatPercent, formatPrice } from '../../lib/format';
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

      <MarketFreshness market={market} />

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
                <CoinRow key={coin.id} coin={coin} rank={i + 1} showImage={market.source === 'live'} />
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

/** Images only for live data: offline (stale or snapshot) they cannot load, and the lettered avatar shows instead. */
function CoinRow({ coin, rank, showImage }: { coin: TCoin; rank: number; showImage: boolean }) {
  const change = coin.price_change_percentage_24h;
  return (
    <Table.Row>
      <Table.Cell color="fg.muted">{rank}</Table.Cell>
      <Table.Cell>
        <HStack gap="3">
          <CoinAvatar src={showImage ? coin.image : null} name={coin.name} symbol={coin.symbol} size="sm" />
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

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Short y-axis labels: $105K, $1.2, $0.0001. */
function axisPrice(v: number): string {
  if (!Number.isFinite(v)) return '';
  if (Math.abs(v) >= 1) return compactUsd.format(v);
  return `$${Number(v.toPrecision(1)).toFixed(Math.max(0, -Math.floor(Math.log10(v))))}`;
}

/**
 * The decades the y axis spans, for prices plotted as log10(price): apexcharts' own logarithmic
 * axis misplaces values below 1, so the chart draws log10 on a linear axis and labels it in dollars.
 */
function logAxis(logs: Array<number | null>) {
  const valid = logs.filter((v): v is number => v !== null);
  if (valid.length === 0) return { min: 0, max: 1, tickAmount: 1 };
  const min = Math.floor(Math.min(...valid));
  let max = Math.ceil(Math.max(...valid));
  if (max === min) max = min + 1;
  const decades = max - min;
  // At most ~7 gridlines: every decade, or every second one for very wide ranges.
  const step = decades > 7 ? 2 : 1;
  const ticks = Math.ceil(decades / step);
  return { min, max: min + ticks * step, tickAmount: ticks };
}

function PriceTrends({ coins }: { coins: TCoin[] }) {
  const compact = useBreakpointValue({ base: true, md: false }) ?? false;
  const { options, series } = useMemo(() => {
    const logs = coins.map((c) => (c.current_price && c.current_price > 0 ? Math.log10(c.current_price) : null));
    // Label only every n-th coin so the symbols never overlap; the tooltip names every point.
    const every = Math.max(1, Math.ceil(coins.length / (compact ? 8 : 30)));
    const options: ApexOptions = {
      // No animations: morphing between point counts (Show More) makes apexcharts draw NaN paths.
      chart: {
        id: 'price-trends',
        toolbar: { show: false },
        zoom: { enabled: false },
        fontFamily: 'inherit',
        animations: { enabled: false },
      },
      // No line: the points are different coins, and a line through them would draw a "trend" that does not
      // exist (the feed's list has no price history). One point per coin.
      stroke: { width: 0 },
      colors: ['#0f766e'],
      dataLabels: { enabled: false },
      markers: { size: compact ? 4 : 5 },
      xaxis: {
        categories: coins.map((c, i) => (i % every === 0 ? c.symbol.toUpperCase() : '')),
        tickPlacement: 'on',
        labels: { rotate: -45, rotateAlways: true, hideOverlappingLabels: false, style: { fontSize: '11px' } },
        tooltip: { enabled: false },
      },
      yaxis: {
        ...logAxis(logs),
        labels: { formatter: (v: number) => axisPrice(10 ** v), style: { fontSize: '12px' } },
      },
      tooltip: {
        x: {
          formatter: (_v: number, opts?: { dataPointIndex?: number }) => coins[opts?.dataPointIndex ?? -1]?.name ?? '',
        },
        y: {
          formatter: (_v: number, opts?: { dataPointIndex?: number }) =>
            formatPrice(coins[opts?.dataPointIndex ?? -1]?.current_price ?? null),
        },
      },
      grid: { strokeDashArray: 4 },
    };
    return { options, series: [{ name: 'Price (USD)', data: logs }] };
  }, [coins, compact]);

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Price Trends (USD)
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Current price of each coin in the table, one point per coin, on a logarithmic scale. The points are not
          joined: they are different coins, not a price history.
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
