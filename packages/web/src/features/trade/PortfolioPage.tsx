import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { THolding } from '@vestora/contract';
import { ScrollingTable } from '../../components/table/ScrollCue';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { PageIntro } from '../dashboard/PageIntro';
import { GainsSection } from './GainsSection';
import { allocationOf, gainPalette } from './portfolio';
import { formatAmount, formatFeedPrice, formatUsd } from './trade-format';
import { TradeHistory } from './TradeHistory';

const AllocationChart = lazy(() => import('./AllocationChart'));

/** One holding's figures, named once for the table's cells and the phone's cards. */
function useHoldingCells(h: THolding) {
  const { t } = useLingui();
  return [
    { label: t`Amount`, value: formatAmount(h.amount, h.asset), id: 'amount' },
    { label: t`Price`, value: h.asset === 'USD' ? '—' : formatFeedPrice(h.priceUsd), id: 'price' },
    { label: t`Value`, value: formatUsd(h.valueUsd), id: 'value' },
    { label: t`Cost`, value: formatUsd(h.costUsd), id: 'cost' },
    { label: t`Unrealised gain`, value: h.asset === 'USD' ? '—' : formatUsd(h.unrealizedUsd), id: 'gain' },
  ];
}

function HoldingRow({ h }: { h: THolding }) {
  const cells = useHoldingCells(h);
  const palette = gainPalette(h.unrealizedUsd);
  return (
    <Table.Row data-testid={`holding-row-${h.asset}`}>
      <Table.Cell fontWeight="semibold">
        <bdi>{h.name}</bdi>{' '}
        <Text as="span" color="fg.muted">
          ({h.asset})
        </Text>
      </Table.Cell>
      {cells.map((c) => (
        <Table.Cell key={c.id} textAlign="end" color={c.id === 'gain' && palette ? `${palette}.fg` : undefined}>
          <bdi data-testid={`holding-${c.id}`}>{c.value}</bdi>
        </Table.Cell>
      ))}
    </Table.Row>
  );
}

function HoldingCard({ h }: { h: THolding }) {
  const cells = useHoldingCells(h);
  return (
    <Card.Root size="sm" variant="outline" data-testid={`holding-card-${h.asset}`}>
      <Card.Body gap="2">
        <Text fontWeight="semibold">
          <bdi>{h.name}</bdi> ({h.asset})
        </Text>
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm" m="0">
          {cells.map((c) => (
            <Box key={c.id} display="contents">
              <Text as="dt" color="fg.muted">
                {c.label}
              </Text>
              <Text as="dd" textAlign="end" m="0" fontWeight="medium">
                <bdi data-testid={`holding-${c.id}`}>{c.value}</bdi>
              </Text>
            </Box>
          ))}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function Holdings() {
  const { t } = useLingui();
  const holdings = trpc.portfolio.holdings.useQuery(undefined, { staleTime: 10_000 });
  const slices = useMemo(() => allocationOf(holdings.data?.items ?? []), [holdings.data]);
  if (holdings.isPending) return <PageLoader label={t`Loading your portfolio...`} minH="20vh" />;
  if (holdings.isError)
    return (
      <ErrorState
        title={t`Could not load your portfolio`}
        description={errorMessage(holdings.error)}
        onRetry={() => void holdings.refetch()}
        retrying={holdings.isRefetching}
      />
    );
  const { items, totalUsd, partial } = holdings.data;
  const total = formatUsd(totalUsd);
  return (
    <SimpleGrid columns={{ base: 1, '2xl': 3 }} gap="6">
      <Card.Root gridColumn={{ '2xl': 'span 2' }} as="section" aria-labelledby="holdings-heading">
        <Card.Header>
          <Heading as="h2" id="holdings-heading" size="lg">
            <Trans>Holdings</Trans>
          </Heading>
          <Text fontSize="2xl" fontWeight="bold">
            <Trans>
              Total value: <bdi data-testid="portfolio-total">{total}</bdi>
            </Trans>
          </Text>
          {partial ? (
            <Text fontSize="sm" color="fg.muted">
              <Trans>Without the coins that have no fresh price right now.</Trans>
            </Text>
          ) : null}
        </Card.Header>
        <Card.Body>
          {items.length === 0 ? (
            <Text color="fg.muted">
              <Trans>You hold nothing yet.</Trans>
            </Text>
          ) : (
            <>
              <Stack gap="3" display={{ base: 'flex', md: 'none' }}>
                {items.map((h) => (
                  <HoldingCard key={h.asset} h={h} />
                ))}
              </Stack>
              <Box display={{ base: 'none', md: 'block' }}>
                <ScrollingTable label={t`Holdings, asset by asset`}>
                  <Table.Root size="sm">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>
                          <Trans>Asset</Trans>
                        </Table.ColumnHeader>
                        {[t`Amount`, t`Price`, t`Value`, t`Cost`, t`Unrealised gain`].map((h) => (
                          <Table.ColumnHeader key={h} textAlign="end">
                            {h}
                          </Table.ColumnHeader>
                        ))}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {items.map((h) => (
                        <HoldingRow key={h.asset} h={h} />
                      ))}
                    </Table.Body>
                  </Table.Root>
                </ScrollingTable>
              </Box>
            </>
          )}
          <Text fontSize="xs" color="fg.muted" mt="3">
            <Trans>Cost is what you paid, spread and fee included (first in, first out).</Trans>
          </Text>
        </Card.Body>
      </Card.Root>
      <Card.Root as="section" aria-labelledby="allocation-heading">
        <Card.Header>
          <Heading as="h2" id="allocation-heading" size="lg">
            <Trans>Allocation</Trans>
          </Heading>
        </Card.Header>
        <Card.Body>
          {slices.length === 0 ? (
            <Text color="fg.muted">
              <Trans>Nothing to draw yet.</Trans>
            </Text>
          ) : (
            <Suspense fallback={<PageLoader minH="280px" />}>
              <AllocationChart slices={slices} />
            </Suspense>
          )}
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}

/** /dashboard/portfolio (#30): what the member holds, its value and cost, their trades, and the gains per year. */
export default function PortfolioPage() {
  const { t } = useLingui();
  usePageTitle(t`Portfolio`);
  return (
    <Stack gap="6">
      <Flex
        gap="4"
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
        direction={{ base: 'column', sm: 'row' }}
      >
        <PageIntro title={t`Portfolio`}>
          <Trans>Every asset you hold, its value now, what it cost you, and your trades.</Trans>
        </PageIntro>
        <Button asChild colorPalette="teal">
          <RouterLink to="/dashboard/trade">
            <Trans>Trade</Trans>
          </RouterLink>
        </Button>
      </Flex>
      <Holdings />
      <TradeHistory />
      <GainsSection />
    </Stack>
  );
}
