import { useState } from 'react';
import { Box, Button, Card, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuDownload } from 'react-icons/lu';
import type { TTrade } from '@vestora/contract';
import { ScrollingTable } from '../../components/table/ScrollCue';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { downloadTextFile } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { tradesCsvFileName } from './ticket';
import { formatAmount, formatFeedPrice, formatUsd } from './trade-format';

/** A "Download CSV" button: fetches the file's text on click and hands it to the browser. */
export function DownloadCsvButton({ fetchCsv, fileName }: { fetchCsv: () => Promise<string>; fileName: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadTextFile(fileName, await fetchCsv());
    } catch (err) {
      toaster.create({ type: 'error', title: t`Download failed`, description: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" colorPalette="teal" size="sm" onClick={() => void download()} loading={busy}>
      <LuDownload aria-hidden /> <Trans>Download CSV</Trans>
    </Button>
  );
}

/** The member's trades, newest first, 25 at a time, with the whole history as CSV. */
export function TradeHistory() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.trade.list.useInfiniteQuery(
    { limit: 25 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, staleTime: 10_000 },
  );
  const trades = list.data?.pages.flatMap((p) => p.items) ?? [];
  const headers = [t`Date`, t`You gave`, t`You got`, t`Market price`, t`Spread + fee`];
  /** One trade's figures, for the table's cells and the phone's cards (in the headers' order). */
  const cellsOf = (trade: TTrade) => [
    { id: 'date', value: formatDateTime(trade.createdAt) },
    { id: 'gave', value: formatAmount(trade.fromAmount, trade.from) },
    { id: 'got', value: formatAmount(trade.toAmount, trade.to) },
    { id: 'prices', value: trade.prices.map((p) => `${p.asset} ${formatFeedPrice(p.priceUsd)}`).join(' · ') },
    { id: 'charges', value: `${formatUsd(trade.spreadUsd)} + ${formatUsd(trade.feeUsd)}` },
  ];
  return (
    <Card.Root as="section" aria-labelledby="trades-heading">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" id="trades-heading" size="lg">
            <Trans>Trade history</Trans>
          </Heading>
          <DownloadCsvButton
            fileName={tradesCsvFileName(new Date())}
            fetchCsv={async () => (await utils.trade.list.fetch({ limit: 25, format: 'csv' })).csv ?? ''}
          />
        </Flex>
      </Card.Header>
      <Card.Body>
        {list.isPending ? (
          <PageLoader label={t`Loading your trades...`} minH="10vh" />
        ) : list.isError ? (
          <ErrorState
            title={t`Could not load your trades`}
            description={errorMessage(list.error)}
            onRetry={() => void list.refetch()}
            retrying={list.isRefetching}
          />
        ) : trades.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No trades yet.</Trans>
          </Text>
        ) : (
          <Stack gap="3">
            <Stack gap="3" display={{ base: 'flex', md: 'none' }}>
              {trades.map((trade) => (
                <Card.Root key={trade.id} size="sm" variant="outline" data-testid="trade-card">
                  <Card.Body gap="1" fontSize="sm">
                    {cellsOf(trade).map((c, i) => (
                      <Flex key={c.id} justify="space-between" gap="3">
                        <Text color="fg.muted">{headers[i]}</Text>
                        <Text textAlign="end" fontWeight="medium">
                          <bdi>{c.value}</bdi>
                        </Text>
                      </Flex>
                    ))}
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
            <Box display={{ base: 'none', md: 'block' }}>
              <ScrollingTable label={t`Your trades, one by one`}>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      {headers.map((h) => (
                        <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {trades.map((trade) => (
                      <Table.Row key={trade.id} data-testid="trade-row">
                        {cellsOf(trade).map((c) => (
                          <Table.Cell key={c.id}>
                            <bdi>{c.value}</bdi>
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </ScrollingTable>
            </Box>
            {list.hasNextPage ? (
              <Button
                variant="subtle"
                alignSelf="center"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                <Trans>Load more</Trans>
              </Button>
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
