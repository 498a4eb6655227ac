import { useMemo, useState } from 'react';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import {
  Box,
  Button,
  Card,
  Field,
  Flex,
  HStack,
  Heading,
  Stack,
  Table,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { MARKET_CHART_DAYS, type TCoin, type TMarketCoins } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { MarketFreshness } from './MarketFreshness';
import { errorMessage } from '../../lib/errors';
import { formatInteger, formatPercent, formatPrice } from '../../lib/format';
import { ErrorState } from '../../components/ui/states';
import { CoinAvatar } from '../../components/ui/coin-avatar';
import { OptionSelect } from '../../components/ui/option-select';

const PAGE = 25;

/** Whole dollars with separators, for market cap and volume. */
const wholeUsd = (n: number | null) => (n === null ? '—' : `$${formatInteger(n)}`);

/** /dashboard/chart: the market table (25 rows, +25 per Show More) and the chosen coin's price history. */
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

      <PriceTrends coins={market.coins} />
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
  maximumFractionDigits: 2,
});

/** Short y-axis labels: $105K, $1.23, $0.00012. */
function axisPrice(v: number): string {
  if (!Number.isFinite(v)) return '';
  if (Math.abs(v) >= 1) return compactUsd.format(v);
  return `$${Number(v.toPrecision(2))}`;
}

type Days = (typeof MARKET_CHART_DAYS)[number];
const PERIOD_LABEL: Record<Days, string> = { 1: '24h', 7: '7 days', 30: '30 days', 90: '90 days', 365: '1 year' };

/** The chosen coin's own price history over the chosen period (market.chart: the feed's market_chart, cached). */
function PriceTrends({ coins }: { coins: TCoin[] }) {
  const compact = useBreakpointValue({ base: true, md: false }) ?? false;
  const [coinId, setCoinId] = useState(coins[0]?.id ?? 'bitcoin');
  const [days, setDays] = useState<Days>(30);
  const coin = coins.find((c) => c.id === coinId);
  const history = trpc.market.chart.useQuery({ coinId, days }, { staleTime: 60_000, enabled: coins.length > 0 });

  const { options, series } = useMemo(() => {
    const options: ApexOptions = {
      chart: {
        id: 'price-trends',
        toolbar: { show: false },
        zoom: { enabled: false },
        fontFamily: 'inherit',
        animations: { enabled: false },
      },
      stroke: { width: 2, curve: 'straight' },
      colors: ['#0f766e'],
      dataLabels: { enabled: false },
      markers: { size: 0 },
      xaxis: {
        type: 'datetime',
        labels: { datetimeUTC: false, style: { fontSize: '11px' } },
        tooltip: { enabled: false },
      },
      yaxis: {
        labels: { formatter: (v: number) => axisPrice(v), style: { fontSize: '12px' } },
        tickAmount: compact ? 4 : 6,
      },
      tooltip: {
        x: { format: days <= 1 ? 'dd MMM HH:mm' : 'dd MMM yyyy' },
        y: { formatter: (v: number) => formatPrice(v) },
      },
      grid: { strokeDashArray: 4 },
    };
    return { options, series: [{ name: `${coin?.name ?? coinId} (USD)`, data: history.data?.prices ?? [] }] };
  }, [history.data, coin, coinId, days, compact]);

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Price Trends (USD)
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          The price history of the coin you choose, from the market feed.
        </Text>
        <Flex gap="4" wrap="wrap" align="flex-end" mt="3">
          <Field.Root w={{ base: 'full', sm: '64' }}>
            <Field.Label>Coin</Field.Label>
            <OptionSelect
              value={coinId}
              onChange={(e) => setCoinId(e.currentTarget.value)}
              options={coins.map((c) => ({ value: c.id, label: `${c.name} (${c.symbol.toUpperCase()})` }))}
            />
          </Field.Root>
          <HStack role="group" aria-label="Period" gap="1" wrap="wrap">
            {MARKET_CHART_DAYS.map((d) => (
              <Button
                key={d}
                size="sm"
                variant={d === days ? 'solid' : 'outline'}
                colorPalette="teal"
                aria-pressed={d === days}
                onClick={() => setDays(d)}
              >
                {PERIOD_LABEL[d]}
              </Button>
            ))}
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Box w="100%" minW="0" minH="300px" data-testid="price-trends" data-coin={history.data?.coinId ?? ''}>
          {history.isError && !history.data ? (
            <ErrorState
              title="Could not load the price history"
              description={errorMessage(history.error, 'Please try again in a moment.')}
              onRetry={() => void history.refetch()}
              retrying={history.isFetching}
            />
          ) : !history.data ? (
            <Flex minH="300px" align="center" justify="center" role="status" aria-live="polite">
              <Text color="fg.muted">Loading the price history...</Text>
            </Flex>
          ) : (
            <>
              <Text fontSize="sm" color="fg.muted" mb="2" aria-live="polite">
                {coin?.name ?? coinId}, last {PERIOD_LABEL[days]}
                {history.data.source === 'stale'
                  ? ` (last updated ${new Date(history.data.fetchedAt).toLocaleString()})`
                  : ''}
              </Text>
              <Chart type="line" height={300} width="100%" options={options} series={series} />
            </>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
