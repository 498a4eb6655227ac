import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Card, Code, Container, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TReserveAsset, TReservesSummary } from '@vestora/contract';
import { ScrollingTable } from '../../components/table/ScrollCue';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { useLocalePath } from '../../i18n/hooks';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatDay } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../public/PageHeader';
import { ratioPercent, reserveAmount, SOURCE_LABEL } from './reserves-format';

/** A date the server gave as a day (`2026-11-30`, a statement's) or a moment (the chain read, a declaration). */
const asOfText = (v: string | null) =>
  v === null ? '—' : /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDay(v) : formatDateTime(v);

/** One asset's figures, named once for the table's cells and the phone's cards. */
function useAssetCells(a: TReserveAsset) {
  const { t, i18n } = useLingui();
  return [
    { id: 'liabilities', label: t`Members hold`, value: reserveAmount(a.liabilities, a.asset, a.scale) },
    { id: 'treasury', label: t`Treasury`, value: reserveAmount(a.treasury, a.asset, a.scale) },
    {
      id: 'reserves',
      label: t`Reserves`,
      value: a.reserves === null ? t`Not known yet` : reserveAmount(a.reserves, a.asset, a.scale),
    },
    { id: 'ratio', label: t`Reserves ÷ members' holdings`, value: ratioPercent(a.ratio) },
    { id: 'source', label: t`Source`, value: i18n._(SOURCE_LABEL[a.source]) },
    { id: 'asOf', label: t`As of`, value: asOfText(a.asOf) },
  ];
}

function AssetRow({ a }: { a: TReserveAsset }) {
  const cells = useAssetCells(a);
  return (
    <Table.Row data-testid={`reserve-row-${a.asset}`}>
      <Table.Cell fontWeight="semibold">{a.asset}</Table.Cell>
      {cells.map((c) => (
        <Table.Cell key={c.id} textAlign={c.id === 'source' || c.id === 'asOf' ? 'start' : 'end'}>
          <bdi data-testid={`reserve-${c.id}`}>{c.value}</bdi>
        </Table.Cell>
      ))}
    </Table.Row>
  );
}

function AssetCard({ a }: { a: TReserveAsset }) {
  const cells = useAssetCells(a);
  return (
    <Card.Root size="sm" variant="outline" data-testid={`reserve-card-${a.asset}`}>
      <Card.Body gap="2">
        <Text fontWeight="semibold">{a.asset}</Text>
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm" m="0">
          {cells.map((c) => (
            <Box key={c.id} display="contents">
              <Text as="dt" color="fg.muted">
                {c.label}
              </Text>
              <Text as="dd" textAlign="end" m="0" fontWeight="medium" overflowWrap="anywhere">
                <bdi data-testid={`reserve-${c.id}`}>{c.value}</bdi>
              </Text>
            </Box>
          ))}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function AssetFigures({ assets }: { assets: TReserveAsset[] }) {
  const { t } = useLingui();
  return (
    <Box as="section" aria-labelledby="reserves-assets">
      <Heading as="h2" id="reserves-assets" size="xl" mb="3">
        <Trans>What members hold, and what backs it</Trans>
      </Heading>
      <Stack gap="3" display={{ base: 'flex', md: 'none' }}>
        {assets.map((a) => (
          <AssetCard key={a.asset} a={a} />
        ))}
      </Stack>
      <Box display={{ base: 'none', md: 'block' }}>
        <ScrollingTable label={t`Reserves, asset by asset`}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Asset</Trans>
                </Table.ColumnHeader>
                {[t`Members hold`, t`Treasury`, t`Reserves`, t`Reserves ÷ members' holdings`].map((h) => (
                  <Table.ColumnHeader key={h} textAlign="end">
                    {h}
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader>
                  <Trans>Source</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>As of</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {assets.map((a) => (
                <AssetRow key={a.asset} a={a} />
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollingTable>
      </Box>
      <Text mt="3" fontSize="sm" color="fg.muted">
        <Trans>
          Members hold what is available to them, what is set aside for their withdrawals not yet paid and for their
          open orders, and what they have invested. The treasury is the platform’s own. Bitcoin reserves are the
          confirmed balance of our addresses on the chain; dollar reserves the closing balance of the last bank
          statement a second administrator approved; other coins what the operator declares.
        </Trans>
      </Text>
    </Box>
  );
}

function BitcoinAddresses({ btc }: { btc: TReserveAsset }) {
  const { t } = useLingui();
  const addresses = btc.addresses ?? [];
  return (
    <Box as="section" aria-labelledby="reserves-addresses">
      <Heading as="h2" id="reserves-addresses" size="xl" mb="2">
        <Trans>Our Bitcoin addresses</Trans>
      </Heading>
      <Text color="fg.muted" mb="3">
        <Trans>Each address with its confirmed balance: look any of them up in a block explorer.</Trans>
      </Text>
      {addresses.length === 0 ? (
        <Text data-testid="reserve-no-addresses">
          <Trans>No address holds a confirmed balance yet.</Trans>
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t`Bitcoin addresses and balances`}>
          {addresses.map((a) => (
            <Box
              as="li"
              key={a.address}
              display="flex"
              flexWrap="wrap"
              justifyContent="space-between"
              gap="2"
              borderBottomWidth="1px"
              pb="2"
              data-testid="reserve-address"
            >
              <Code dir="ltr" overflowWrap="anywhere" wordBreak="break-all" bg="transparent" px="0">
                {a.address}
              </Code>
              <bdi data-testid="reserve-address-amount">{reserveAmount(a.amount, 'BTC', btc.scale)}</bdi>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function PublishedRoot({ root, scales }: { root: NonNullable<TReservesSummary['root']>; scales: Map<string, number> }) {
  const localePath = useLocalePath();
  const month = root.month;
  const leaves = root.leafCount;
  const builtAt = formatDateTime(root.builtAt);
  return (
    <Box as="section" aria-labelledby="reserves-root" data-testid="reserve-root">
      <Heading as="h2" id="reserves-root" size="xl" mb="2">
        <Trans>Members’ balances, provable</Trans>
      </Heading>
      <Text color="fg.muted" mb="3">
        <Trans>
          The root of the Merkle-sum tree of every member’s balances for {month} ({leaves} accounts). Signed in, you can
          check in Settings that your balance is in it.
        </Trans>
      </Text>
      <Stack gap="2">
        <Text fontWeight="semibold">
          <Trans>Root hash</Trans>
        </Text>
        <Code dir="ltr" overflowWrap="anywhere" wordBreak="break-all" data-testid="reserve-root-hash" p="2">
          {root.hash}
        </Code>
        <Text fontWeight="semibold">
          <Trans>Sums under the root</Trans>
        </Text>
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {Object.entries(root.sums).map(([asset, amount]) => (
            <Box as="li" key={asset} data-testid={`reserve-root-sum-${asset}`}>
              <bdi>{reserveAmount(amount, asset, scales.get(asset) ?? amount.split('.')[1]?.length ?? 0)}</bdi>
            </Box>
          ))}
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          <Trans>Published {builtAt}.</Trans>{' '}
          <Link asChild colorPalette="teal">
            <RouterLink to={localePath('/dashboard/settings#reserves-proof')}>
              <Trans>Check your balance</Trans>
            </RouterLink>
          </Link>
        </Text>
      </Stack>
    </Box>
  );
}

function History({ history, scales }: { history: TReservesSummary['history']; scales: Map<string, number> }) {
  const { t, i18n } = useLingui();
  return (
    <Box as="section" aria-labelledby="reserves-history">
      <Heading as="h2" id="reserves-history" size="xl" mb="2">
        <Trans>By month</Trans>
      </Heading>
      {history.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No month has closed since reserves were first published.</Trans>
        </Text>
      ) : (
        <ScrollingTable label={t`Reserves by month`}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Month</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Asset</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Members hold</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Reserves</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Ratio</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Source</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {history.flatMap((m) =>
                m.assets.map((a) => {
                  const s = scales.get(a.asset) ?? 0;
                  return (
                    <Table.Row key={`${m.month}-${a.asset}`} data-testid={`reserve-history-${m.month}-${a.asset}`}>
                      <Table.Cell>{m.month}</Table.Cell>
                      <Table.Cell>{a.asset}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <bdi>{reserveAmount(a.liabilities, a.asset, s)}</bdi>
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <bdi>{a.reserves === null ? '—' : reserveAmount(a.reserves, a.asset, s)}</bdi>
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <bdi data-testid="reserve-history-ratio">{ratioPercent(a.ratio)}</bdi>
                      </Table.Cell>
                      <Table.Cell>
                        <Badge variant="subtle">{i18n._(SOURCE_LABEL[a.source])}</Badge>
                      </Table.Cell>
                    </Table.Row>
                  );
                }),
              )}
            </Table.Body>
          </Table.Root>
        </ScrollingTable>
      )}
    </Box>
  );
}

/** /reserves (public, #32): reserves against what members hold, our addresses, the published root, the history. */
export default function ReservesPage() {
  const { t } = useLingui();
  usePageTitle(t`Reserves`);
  const summary = trpc.reserves.summary.useQuery(undefined, { staleTime: 60_000 });
  let body;
  if (summary.isPending) body = <PageLoader label={t`Loading the reserves...`} />;
  else if (summary.isError)
    body = (
      <ErrorState
        title={t`Could not load the reserves`}
        description={errorMessage(summary.error)}
        onRetry={() => void summary.refetch()}
        retrying={summary.isRefetching}
      />
    );
  else {
    const { assets, history, root } = summary.data;
    const scales = new Map(assets.map((a) => [a.asset, a.scale]));
    const btc = assets.find((a) => a.asset === 'BTC' && a.source === 'chain');
    body = (
      <Stack gap="10">
        <AssetFigures assets={assets} />
        {btc ? <BitcoinAddresses btc={btc} /> : null}
        {root ? (
          <PublishedRoot root={root} scales={scales} />
        ) : (
          <Text color="fg.muted" data-testid="reserve-no-root">
            <Trans>No month’s balances have been published yet.</Trans>
          </Text>
        )}
        <History history={history} scales={scales} />
      </Stack>
    );
  }
  return (
    <>
      <PageHeader
        title={t`Reserves`}
        intro={t`What members hold on the platform, and what backs it, with the figures anyone can check.`}
      />
      <Container maxW="7xl" py={{ base: '8', md: '12' }}>
        {body}
      </Container>
    </>
  );
}
