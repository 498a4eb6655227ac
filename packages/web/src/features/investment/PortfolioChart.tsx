import { useMemo } from 'react';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { Box, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TPortfolio } from '@vestora/contract';
import { intlLocale } from '../../i18n';
import { formatDate, formatMoney } from '../../lib/format';
import { useColorMode } from '../../lib/preferences';
import { chartTheme } from '../market/chart-theme';

/**
 * The portfolio over time (available balance, invested principal, interest received), stepped: each
 * figure holds its value until the next change. Loaded only by the position page (apexcharts is heavy).
 */
export default function PortfolioChart({ portfolio }: { portfolio: TPortfolio }) {
  const { t } = useLingui();
  const { mode } = useColorMode();
  const locale = intlLocale();
  const { options, series } = useMemo(() => {
    const points = portfolio.history.map((h) => ({ ...h, t: new Date(h.at).getTime() }));
    const theme = chartTheme(mode);
    const axisDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
    const options: ApexOptions = {
      chart: {
        id: 'portfolio',
        type: 'line',
        toolbar: { show: false },
        zoom: { enabled: false },
        fontFamily: 'inherit',
        animations: { enabled: false },
        ...theme.chart,
      },
      theme: theme.theme,
      stroke: { curve: 'stepline', width: 2 },
      colors: theme.series,
      dataLabels: { enabled: false },
      markers: { size: points.length < 30 ? 3 : 0 },
      xaxis: {
        type: 'datetime',
        labels: {
          datetimeUTC: false,
          formatter: (value: string, timestamp?: number) => axisDate.format(timestamp ?? Number(value)),
        },
        axisBorder: { color: theme.border },
        axisTicks: { color: theme.border },
      },
      yaxis: { labels: { formatter: (v: number) => formatMoney(v) }, min: 0 },
      tooltip: { theme: mode, x: { formatter: (v: number) => formatDate(new Date(v).toISOString()) } },
      legend: { position: 'top' },
      grid: { strokeDashArray: 4, borderColor: theme.grid },
    };
    const series = [
      { name: t`Available balance`, data: points.map((p) => ({ x: p.t, y: p.available })) },
      { name: t`Invested principal`, data: points.map((p) => ({ x: p.t, y: p.invested })) },
      { name: t`Interest received`, data: points.map((p) => ({ x: p.t, y: p.interestReceived })) },
    ];
    return { options, series };
  }, [portfolio, mode, locale, t]);

  if (portfolio.history.length === 0)
    return (
      <Text color="fg.muted">
        <Trans>Nothing to draw yet: your balance has not changed since you joined.</Trans>
      </Text>
    );
  return (
    <Box
      w="100%"
      minW="0"
      role="img"
      aria-label={t`Chart of your available balance, invested principal and interest received over time`}
      // Time runs left to right in every language.
      dir="ltr"
    >
      <Chart key={`${mode}:${locale}`} type="line" height={300} width="100%" options={options} series={series} />
    </Box>
  );
}
