import { useMemo } from 'react';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { Box, Text } from '@chakra-ui/react';
import type { TPortfolio } from '@vestora/contract';
import { formatDate, formatMoney } from '../../lib/format';

/**
 * The portfolio over time (available balance, invested principal, interest received), stepped: each
 * figure holds its value until the next change. Loaded only by the position page (apexcharts is heavy).
 */
export default function PortfolioChart({ portfolio }: { portfolio: TPortfolio }) {
  const { options, series } = useMemo(() => {
    const points = portfolio.history.map((h) => ({ ...h, t: new Date(h.at).getTime() }));
    const options: ApexOptions = {
      chart: {
        id: 'portfolio',
        type: 'line',
        toolbar: { show: false },
        zoom: { enabled: false },
        fontFamily: 'inherit',
        animations: { enabled: false },
      },
      stroke: { curve: 'stepline', width: 2 },
      colors: ['#0f766e', '#1d4ed8', '#b45309'],
      dataLabels: { enabled: false },
      markers: { size: points.length < 30 ? 3 : 0 },
      xaxis: { type: 'datetime', labels: { datetimeUTC: false } },
      yaxis: { labels: { formatter: (v: number) => formatMoney(v) }, min: 0 },
      tooltip: { x: { formatter: (v: number) => formatDate(new Date(v).toISOString()) } },
      legend: { position: 'top' },
      grid: { strokeDashArray: 4 },
    };
    const series = [
      { name: 'Available balance', data: points.map((p) => ({ x: p.t, y: p.available })) },
      { name: 'Invested principal', data: points.map((p) => ({ x: p.t, y: p.invested })) },
      { name: 'Interest received', data: points.map((p) => ({ x: p.t, y: p.interestReceived })) },
    ];
    return { options, series };
  }, [portfolio]);

  if (portfolio.history.length === 0)
    return <Text color="fg.muted">Nothing to draw yet: your balance has not changed since you joined.</Text>;
  return (
    <Box
      w="100%"
      minW="0"
      role="img"
      aria-label="Chart of your available balance, invested principal and interest received over time"
    >
      <Chart type="line" height={300} width="100%" options={options} series={series} />
    </Box>
  );
}
