import { useState } from 'react';
import { Badge, Button, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TAsset } from '@vestora/contract';
import { ScrollingTable } from '../../components/table/ScrollCue';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { PageIntro } from '../dashboard/PageIntro';
import { CoinTermsDialog } from './CoinTermsDialog';
import { FundTreasuryForm } from './FundTreasuryForm';
import { formatAmount, formatFeedPrice, formatUsd } from './trade-format';

function CoinList({ onEdit }: { onEdit: (a: TAsset) => void }) {
  const { t } = useLingui();
  const assets = trpc.asset.list.useQuery(undefined, { staleTime: 10_000 });
  if (assets.isPending) return <PageLoader label={t`Loading the coins...`} minH="10vh" />;
  if (assets.isError)
    return (
      <ErrorState
        title={t`Could not load the coins`}
        description={errorMessage(assets.error)}
        onRetry={() => void assets.refetch()}
        retrying={assets.isRefetching}
      />
    );
  const coins = assets.data.filter((a) => a.symbol !== 'USD');
  const headers = [t`Coin`, t`Price`, t`Status`, t`Trade size`, t`Spread`, t`Fee`, t`Exposure limit`, t`Terms`];
  return (
    <ScrollingTable label={t`Coins and their terms`}>
      <Table.Root size="sm" minW="52rem">
        <Table.Header>
          <Table.Row>
            {headers.map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {coins.map((a) => {
            const spread = a.spreadBps;
            const fee = a.feeBps;
            const min = formatUsd(a.minUsd);
            const max = formatUsd(a.maxUsd);
            const name = a.symbol;
            const decimals = a.scale;
            return (
              <Table.Row key={a.symbol} data-testid={`coin-row-${a.symbol}`}>
                <Table.Cell fontWeight="semibold">
                  <bdi>{a.name}</bdi> ({a.symbol})
                  <Text fontSize="xs" color="fg.muted">
                    <Trans>{decimals} decimals</Trans>
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <bdi>{a.priceUsd ? formatFeedPrice(a.priceUsd) : t`No fresh price`}</bdi>
                </Table.Cell>
                <Table.Cell>
                  {!a.tradable ? (
                    <Badge colorPalette="gray">
                      <Trans>Not listed</Trans>
                    </Badge>
                  ) : a.paused ? (
                    <Badge colorPalette="orange">
                      <Trans>Paused</Trans>
                    </Badge>
                  ) : (
                    <Badge colorPalette="green">
                      <Trans>Trading</Trans>
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Trans>
                    <bdi>{min}</bdi> to <bdi>{max}</bdi>
                  </Trans>
                </Table.Cell>
                <Table.Cell>
                  <Trans>{spread} bps</Trans>
                </Table.Cell>
                <Table.Cell>
                  <Trans>{fee} bps</Trans>
                </Table.Cell>
                <Table.Cell>
                  <bdi>{formatUsd(a.exposureLimitUsd)}</bdi>
                </Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="teal"
                    onClick={() => onEdit(a)}
                    aria-label={t`Edit the terms of ${name}`}
                  >
                    <Trans>Edit</Trans>
                  </Button>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </ScrollingTable>
  );
}

function TreasuryTable() {
  const { t } = useLingui();
  const summary = trpc.treasury.summary.useQuery(undefined, { staleTime: 10_000 });
  if (summary.isPending) return <PageLoader label={t`Loading the treasury...`} minH="10vh" />;
  if (summary.isError)
    return (
      <ErrorState
        title={t`Could not load the treasury`}
        description={errorMessage(summary.error)}
        onRetry={() => void summary.refetch()}
        retrying={summary.isRefetching}
      />
    );
  const revenue = formatUsd(summary.data.revenueUsd);
  const headers = [t`Asset`, t`Treasury`, t`Members hold`, t`Exposure`, t`Limit`, t`Revenue`];
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">
        <Trans>
          Spread and fee revenue: <bdi data-testid="treasury-revenue">{revenue}</bdi>
        </Trans>
      </Text>
      <ScrollingTable label={t`The treasury per asset`}>
        <Table.Root size="sm" minW="40rem">
          <Table.Header>
            <Table.Row>
              {headers.map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {summary.data.assets.map((r) => (
              <Table.Row key={r.asset} data-testid={`treasury-row-${r.asset}`}>
                <Table.Cell fontWeight="semibold">{r.asset}</Table.Cell>
                <Table.Cell>
                  <bdi data-testid="treasury-held">{formatAmount(r.treasury, r.asset)}</bdi>
                </Table.Cell>
                <Table.Cell>
                  <bdi>{formatAmount(r.membersHold, r.asset)}</bdi>
                </Table.Cell>
                <Table.Cell>
                  <bdi>{r.exposureUsd === null ? t`No fresh price` : formatUsd(r.exposureUsd)}</bdi>
                </Table.Cell>
                <Table.Cell>
                  <bdi>{r.asset === 'USD' ? '—' : formatUsd(r.exposureLimitUsd)}</bdi>
                </Table.Cell>
                <Table.Cell>
                  <bdi>{formatUsd(r.revenueUsd)}</bdi>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollingTable>
    </Stack>
  );
}

/** /dashboard/coins (admin, #30): each coin's trading terms, the treasury and its funding. */
export default function CoinsPage() {
  const { t } = useLingui();
  usePageTitle(t`Coins`);
  const [editing, setEditing] = useState<TAsset | null>(null);
  return (
    <Stack gap="6">
      <PageIntro title={t`Coins`}>
        <Trans>
          The coins members trade, on what terms, and the treasury the platform trades from: it sells only what it
          holds.
        </Trans>
      </PageIntro>
      <Card.Root as="section" aria-labelledby="coins-heading">
        <Card.Header>
          <Heading as="h2" id="coins-heading" size="lg">
            <Trans>Trading terms</Trans>
          </Heading>
        </Card.Header>
        <Card.Body>
          <CoinList onEdit={setEditing} />
        </Card.Body>
      </Card.Root>
      <Card.Root as="section" aria-labelledby="treasury-heading">
        <Card.Header>
          <Heading as="h2" id="treasury-heading" size="lg">
            <Trans>Treasury</Trans>
          </Heading>
        </Card.Header>
        <Card.Body>
          <TreasuryTable />
        </Card.Body>
      </Card.Root>
      <FundTreasuryForm />
      {editing ? <CoinTermsDialog asset={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
