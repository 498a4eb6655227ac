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
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MARKET_CHART_DAYS, type TCoin, type TMarketCoins } from '@vestora/contract';
import { intlLocale } from '../../i18n';
import { useColorMode } from '../../lib/preferences';
import { trpc } from '../../lib/trpc';
import { chartTheme } from './chart-theme';
import { MarketFreshness } from './MarketFreshness';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatInteger, formatPercent, formatPrice } from '../../lib/format';
import { ErrorState } from '../../components/ui/states';
import { CoinAvatar, coinLogoSrc } from '../../components/ui/coin-avatar';
import { OptionSelect } from '../../components/ui/option-select';

const PAGE = 25;

/** Whole dollars with separators, for market cap and volume: `$1,234,567` (`1.234.567 $` in German). */
function wholeUsd(n: number | null): string {
  if (n === null) return '—';
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    n,
  );
}

/** /dashboard/chart: the market table (25 rows, +25 per Show More) and the chosen coin's price history. */
export default function ChartPage() {
  const { t } = useLingui();
  const market = trpc.market.coins.useQuery(undefined, { staleTime: 60_000 });

  if (market.isError && !market.data)
    return (
      <ErrorState
        title={t`Could not load market data`}
        description={errorMessage(market.error, t`Please try again in a moment.`)}
        onRetry={() => void market.refetch()}
      />
    );
  if (!market.data)
    return (
      <Flex minH="40vh" align="center" justify="center" role="status" aria-live="polite">
        <Text color="fg.muted" fontSize="lg">
          <Trans>Loading...</Trans>
        </Text>
      </Flex>
    );
  return <MarketOverview market={market.data} />;
}

function MarketOverview({ market }: { market: TMarketCoins }) {
  const [visible, setVisible] = useState(PAGE);
  const shown = market.coins.slice(0, visible);
  const count = shown.length;

  return (
    <Stack gap="6" minW="0">
      <Heading as="h1" size="2xl">
        <Trans>Top {count} Cryptocurrencies</Trans>
      </Heading>

      <MarketFreshness market={market} />

      <Card.Root overflow="hidden">
        <Table.ScrollArea>
          <Table.Root size="sm" striped interactive minW="720px">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="12">#</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Coin</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Price (USD)</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Market Cap</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>24h Volume</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>24h Change (%)</Trans>
                </Table.ColumnHeader>
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
          <Trans>Show More</Trans>
        </Button>
      )}

      <PriceTrends coins={market.coins} />
    </Stack>
  );
}

function CoinRow({ coin, rank }: { coin: TCoin; rank: number }) {
  const change = coin.price_change_percentage_24h;
  return (
    <Table.Row>
      <Table.Cell color="fg.muted">{formatInteger(rank)}</Table.Cell>
      <Table.Cell>
        <HStack gap="3">
          {/* Our server's copy of the logo, offline too (it keeps them): never the feed's host. */}
          <CoinAvatar src={coinLogoSrc(coin)} name={coin.name} symbol={coin.symbol} size="sm" />
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

/** Short y-axis labels in the reader's locale: $105K, $1.23, $0.00012. */
function axisPrice(v: number, locale: string): string {
  if (!Number.isFinite(v)) return '';
  if (Math.abs(v) >= 1)
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 2,
    }).format(v);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 }).format(v);
}

type Days = (typeof MARKET_CHART_DAYS)[number];
const PERIOD_LABEL: Record<Days, MessageDescriptor> = {
  1: msg`24h`,
  7: msg`7 days`,
  30: msg`30 days`,
  90: msg`90 days`,
  365: msg`1 year`,
};
/** The same after "last": "Bitcoin, last 30 days". */
const PERIOD_LAST: Record<Days, MessageDescriptor> = {
  1: msg({ message: '{coin}, last 24h' }),
  7: msg({ message: '{coin}, last 7 days' }),
  30: msg({ message: '{coin}, last 30 days' }),
  90: msg({ message: '{coin}, last 90 days' }),
  365: msg({ message: '{coin}, last 1 year' }),
};

/** The chosen coin's own price history over the chosen period (market.chart: the feed's market_chart, cached). */
function PriceTrends({ coins }: { coins: TCoin[] }) {
  const { t, i18n } = useLingui();
  const { mode } = useColorMode();
  const locale = intlLocale();
  const compact = useBreakpointValue({ base: true, md: false }) ?? false;
  const [coinId, setCoinId] = useState(coins[0]?.id ?? 'bitcoin');
  const [days, setDays] = useState<Days>(30);
  const coin = coins.find((c) => c.id === coinId);
  const history = trpc.market.chart.useQuery({ coinId, days }, { staleTime: 60_000, enabled: coins.length > 0 });

  const { options, series } = useMemo(() => {
    const theme = chartTheme(mode);
    // Hours within a day, days otherwise; the tooltip gives the full date (and time for 24h).
    const axisDate = new Intl.DateTimeFormat(
      locale,
      days <= 1 ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' },
    );
    const tooltipDate = new Intl.DateTimeFormat(
      locale,
      days <= 1 ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    );
    const options: ApexOptions = {
      chart: {
        id: 'price-trends',
        toolbar: { show: false },
        zoom: { enabled: false },
        fontFamily: 'inherit',
        animations: { enabled: false },
        ...theme.chart,
      },
      theme: theme.theme,
      stroke: { width: 2, curve: 'straight' },
      colors: theme.series.slice(0, 1),
      dataLabels: { enabled: false },
      markers: { size: 0 },
      xaxis: {
        type: 'datetime',
        labels: {
          datetimeUTC: false,
          style: { fontSize: '11px' },
          formatter: (value: string, timestamp?: number) => axisDate.format(timestamp ?? Number(value)),
        },
        tooltip: { enabled: false },
        axisBorder: { color: theme.border },
        axisTicks: { color: theme.border },
      },
      yaxis: {
        labels: { formatter: (v: number) => axisPrice(v, locale), style: { fontSize: '12px' } },
        tickAmount: compact ? 4 : 6,
      },
      tooltip: {
        theme: mode,
        x: { formatter: (v: number) => tooltipDate.format(v) },
        y: { formatter: (v: number) => formatPrice(v) },
      },
      grid: { strokeDashArray: 4, borderColor: theme.grid },
    };
    return { options, series: [{ name: `${coin?.name ?? coinId} (USD)`, data: history.data?.prices ?? [] }] };
  }, [history.data, coin, coinId, days, compact, mode, locale]);
  const coinName = coin?.name ?? coinId;
  const lastPeriod = PERIOD_LAST[days];
  const updated = history.data ? formatDateTime(history.data.fetchedAt) : '';

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          <Trans>Price Trends (USD)</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>The price history of the coin you choose, from the market feed.</Trans>
        </Text>
        <Flex gap="4" wrap="wrap" align="flex-end" mt="3">
          <Field.Root w={{ base: 'full', sm: '64' }}>
            <Field.Label>
              <Trans>Coin</Trans>
            </Field.Label>
            <OptionSelect
              value={coinId}
              onChange={(e) => setCoinId(e.currentTarget.value)}
              options={coins.map((c) => ({ value: c.id, label: `${c.name} (${c.symbol.toUpperCase()})` }))}
            />
          </Field.Root>
          <HStack role="group" aria-label={t`Period`} gap="1" wrap="wrap">
            {MARKET_CHART_DAYS.map((d) => (
              <Button
                key={d}
                size="sm"
                variant={d === days ? 'solid' : 'outline'}
                colorPalette="teal"
                aria-pressed={d === days}
                onClick={() => setDays(d)}
              >
                {i18n._(PERIOD_LABEL[d])}
              </Button>
            ))}
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Box w="100%" minW="0" minH="300px" data-testid="price-trends" data-coin={history.data?.coinId ?? ''}>
          {history.isError && !history.data ? (
            <ErrorState
              title={t`Could not load the price history`}
              description={errorMessage(history.error, t`Please try again in a moment.`)}
              onRetry={() => void history.refetch()}
              retrying={history.isFetching}
            />
          ) : !history.data ? (
            <Flex minH="300px" align="center" justify="center" role="status" aria-live="polite">
              <Text color="fg.muted">
                <Trans>Loading the price history...</Trans>
              </Text>
            </Flex>
          ) : (
            <>
              <Text fontSize="sm" color="fg.muted" mb="2" aria-live="polite">
                {i18n._(lastPeriod.id, { coin: coinName }, { message: lastPeriod.message })}
                {history.data.source === 'stale' ? <> {t`(last updated ${updated})`}</> : null}
              </Text>
              {/* Time runs left to right in every language. */}
              <Box dir="ltr">
                <Chart
                  key={`${mode}:${locale}`}
                  type="line"
                  height={300}
                  width="100%"
                  options={options}
                  series={series}
                />
              </Box>
            </>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
