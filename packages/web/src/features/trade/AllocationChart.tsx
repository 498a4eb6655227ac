import { useMemo } from 'react';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { intlLocale } from '../../i18n';
import { useColorMode } from '../../lib/preferences';
import { chartTheme } from '../market/chart-theme';
import type { AllocationSlice } from './portfolio';
import { formatUsd } from './trade-format';

// More slices than the theme's three colours: teal, blue, amber, then violet, rose and slate (700s on white,
// 300s on the dark panel).
const MORE_LIGHT = ['#6d28d9', '#be123c', '#334155'];
const MORE_DARK = ['#c4b5fd', '#fda4af', '#cbd5e1'];

/** The portfolio's allocation as a donut (loaded on its own: apexcharts is heavy). */
export default function AllocationChart({ slices }: { slices: AllocationSlice[] }) {
  const { t } = useLingui();
  const { mode } = useColorMode();
  const locale = intlLocale();
  const { options, series } = useMemo(() => {
    const theme = chartTheme(mode);
    const byAsset = new Map(slices.map((s) => [s.asset, s.valueUsd]));
    const options: ApexOptions = {
      chart: { id: 'allocation', type: 'donut', fontFamily: 'inherit', animations: { enabled: false }, ...theme.chart },
      theme: theme.theme,
      labels: slices.map((s) => s.asset),
      colors: [...theme.series, ...(mode === 'dark' ? MORE_DARK : MORE_LIGHT)],
      // The legend is the list under the chart (apexcharts' own legend is focusable inside an image).
      legend: { show: false },
      dataLabels: { enabled: true },
      stroke: { width: 1 },
      tooltip: {
        y: {
          formatter: (_v: number, opts?: { seriesIndex: number }) =>
            formatUsd(byAsset.get(slices[opts?.seriesIndex ?? 0]?.asset ?? '')),
        },
      },
    };
    return { options, series: slices.map((s) => s.weight) };
  }, [slices, mode]);
  const words = slices.map((s) => `${s.asset} ${formatUsd(s.valueUsd)}`).join(', ');
  const colors = options.colors as string[];
  return (
    <Stack gap="3">
      <Box w="100%" minW="0" role="img" aria-label={t`Allocation of your portfolio: ${words}`} dir="ltr">
        <Chart key={`${mode}:${locale}`} type="donut" height={260} width="100%" options={options} series={series} />
      </Box>
      <Stack as="ul" gap="1" fontSize="sm" listStyleType="none" m="0" p="0" aria-hidden>
        {slices.map((s, i) => (
          <HStack as="li" key={s.asset} gap="2">
            <Box w="3" h="3" rounded="sm" flexShrink={0} style={{ background: colors[i % colors.length] }} />
            <Text fontWeight="medium">{s.asset}</Text>
            <Text ms="auto">
              <bdi>{formatUsd(s.valueUsd)}</bdi>
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
