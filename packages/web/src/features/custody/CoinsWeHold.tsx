import { Badge, Box, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LuRefreshCw } from 'react-icons/lu';
import type { TBitcoinUtxo } from '@vestora/contract';
import { ScrollingTable } from '../../components/table/ScrollCue';
import { EmptyState, listState } from '../../components/ui/states';
import { outpoint, shortTxid } from '../../lib/bitcoin';
import { formatAssetAmount, formatInteger } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** A coin's state for a payout: spendable (confirmed, free), set aside for a batch, spent in the mempool, or waiting. */
function CoinState({ coin }: { coin: TBitcoinUtxo }) {
  if (coin.spentByTxid) {
    const txid = shortTxid(coin.spentByTxid);
    return (
      <Badge colorPalette="purple" variant="subtle">
        <Trans>Being spent by {txid}</Trans>
      </Badge>
    );
  }
  if (coin.reservedBy) {
    const batch = coin.reservedBy.slice(0, 8);
    return (
      <Badge colorPalette="orange" variant="subtle" title={coin.reservedBy}>
        <Trans>Reserved by batch {batch}</Trans>
      </Badge>
    );
  }
  if (coin.confirmations === 0) {
    return (
      <Badge colorPalette="gray" variant="subtle">
        <Trans>Unconfirmed: not spendable yet</Trans>
      </Badge>
    );
  }
  return (
    <Badge colorPalette="green" variant="subtle">
      <Trans>Spendable</Trans>
    </Badge>
  );
}

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="bold" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * Money desk, Treasury (admins): the coins we hold (bitcoin.utxos: every unspent output of BTC_XPUB's addresses),
 * what is confirmed (what the reserves count and a payout batch may spend) and what is still in the mempool, and
 * for each coin whether a batch has set it aside.
 */
export function CoinsWeHold() {
  const { t } = useLingui();
  const utxos = trpc.bitcoin.utxos.useQuery();
  const data = utxos.data;
  const empty = (
    <EmptyState
      title={t`No coins yet`}
      description={t`Outputs paying our addresses (members' deposit addresses and our change) appear here once the watcher sees them.`}
    />
  );
  const state = listState(
    {
      isPending: utxos.isPending,
      isError: utxos.isError,
      error: utxos.error,
      isRefetching: utxos.isRefetching,
      refetch: utxos.refetch,
      items: data?.items ?? [],
    },
    { loading: t`Loading the coins we hold...`, errorTitle: t`Could not load the coins we hold`, empty, minH: '8rem' },
  );
  const tip = data?.tipHeight ?? null;

  return (
    <Stack as="section" aria-labelledby="coins-we-hold-title" gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md" id="coins-we-hold-title">
          <Trans>Coins we hold</Trans>
        </Heading>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void utxos.refetch()}
          loading={utxos.isRefetching}
          disabled={utxos.isPending}
        >
          <LuRefreshCw /> <Trans>Refresh</Trans>
        </Button>
      </HStack>
      {data ? (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <Total label={t`Confirmed`} value={formatAssetAmount(data.confirmed, 'BTC')} testId="coins-confirmed" />
          <Total
            label={t`In the mempool`}
            value={formatAssetAmount(data.unconfirmed, 'BTC')}
            testId="coins-unconfirmed"
          />
          <Total label={t`Chain tip`} value={formatInteger(tip)} testId="coins-tip" />
        </SimpleGrid>
      ) : null}
      {state ?? (
        <>
          <ScrollingTable label={t`Coins we hold table`}>
            <Table.Root size="sm" minW="48rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Output</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Address</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Amount</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Confirmations</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>State</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data!.items.map((c) => {
                  const index = c.index;
                  return (
                    <Table.Row key={outpoint(c.txid, c.vout)} data-testid="coin-row">
                      <Table.Cell fontFamily="mono" fontSize="xs" title={outpoint(c.txid, c.vout)}>
                        {outpoint(shortTxid(c.txid), c.vout)}
                      </Table.Cell>
                      <Table.Cell>
                        <Text fontFamily="mono" fontSize="xs" overflowWrap="anywhere">
                          {c.address}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {c.chain === 'change' ? (
                            <Trans>Change address {index}</Trans>
                          ) : (
                            <Trans>Deposit address {index}</Trans>
                          )}
                        </Text>
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="coin-amount">
                        {formatAssetAmount(c.amount, 'BTC')}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatInteger(c.confirmations)}</Table.Cell>
                      <Table.Cell>
                        <CoinState coin={c} />
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </ScrollingTable>
          {data!.truncated ? (
            <Box>
              <Text fontSize="sm" color="fg.muted">
                <Plural
                  value={data!.items.length}
                  one="Showing the newest # coin; more exist than the list shows."
                  other="Showing the newest # coins; more exist than the list shows."
                />
              </Text>
            </Box>
          ) : null}
        </>
      )}
    </Stack>
  );
}
