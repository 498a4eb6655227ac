import { useState } from 'react';
import { Card, Field, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ScrollingTable } from '../../components/table/ScrollCue';
import { OptionSelect } from '../../components/ui/option-select';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { gainPalette } from './portfolio';
import { gainsCsvFileName, gainYears } from './ticket';
import { formatAmount, formatUsd } from './trade-format';
import { DownloadCsvButton } from './TradeHistory';

/** Realised gains of a year by FIFO (portfolio.gains), as rows with a total and a CSV: information, not advice. */
export function GainsSection() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { user } = useSession();
  const thisYear = new Date().getUTCFullYear();
  const joined = user ? new Date(user.createdAt).getUTCFullYear() : null;
  const years = gainYears(thisYear, Number.isFinite(joined) ? joined : null);
  const [year, setYear] = useState(thisYear);
  const gains = trpc.portfolio.gains.useQuery({ year }, { staleTime: 30_000 });
  const headers = [t`Asset`, t`Amount`, t`Acquired`, t`Disposed of`, t`Proceeds`, t`Cost`, t`Gain`];
  const total = formatUsd(gains.data?.totalGainUsd);
  return (
    <Card.Root as="section" aria-labelledby="gains-heading">
      <Card.Header gap="2">
        <Flex justify="space-between" align="flex-end" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading as="h2" id="gains-heading" size="lg">
              <Trans>Realised gains</Trans>
            </Heading>
            <Text fontSize="sm" color="fg.muted" data-testid="gains-label">
              <Trans>Information for your tax adviser, not tax advice. Worked out first in, first out (FIFO).</Trans>
            </Text>
          </Stack>
          <Flex gap="3" align="flex-end" wrap="wrap">
            <Field.Root w="auto">
              <Field.Label>
                <Trans>Year</Trans>
              </Field.Label>
              <OptionSelect
                options={years.map((y) => ({ value: String(y), label: String(y) }))}
                value={String(year)}
                onChange={(e) => setYear(Number.parseInt(e.currentTarget.value, 10))}
                rootProps={{ size: 'sm', width: '28' }}
              />
            </Field.Root>
            <DownloadCsvButton
              fileName={gainsCsvFileName(year)}
              fetchCsv={async () => (await utils.portfolio.gains.fetch({ year, format: 'csv' })).csv ?? ''}
            />
          </Flex>
        </Flex>
      </Card.Header>
      <Card.Body>
        {gains.isPending ? (
          <PageLoader label={t`Loading your gains...`} minH="10vh" />
        ) : gains.isError ? (
          <ErrorState
            title={t`Could not load your gains`}
            description={errorMessage(gains.error)}
            onRetry={() => void gains.refetch()}
            retrying={gains.isRefetching}
          />
        ) : (
          <Stack gap="3">
            <Text fontWeight="semibold">
              <Trans>
                Total gain in {year}: <bdi data-testid="gains-total">{total}</bdi>
              </Trans>
            </Text>
            {gains.data.rows.length === 0 ? (
              <Text color="fg.muted">
                <Trans>Nothing sold or converted in that year.</Trans>
              </Text>
            ) : (
              <ScrollingTable label={t`Gains, lot by lot`}>
                <Table.Root size="sm" minW="44rem">
                  <Table.Header>
                    <Table.Row>
                      {headers.map((h) => (
                        <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {gains.data.rows.map((r, i) => {
                      const palette = gainPalette(r.gainUsd);
                      return (
                        <Table.Row key={`${r.asset}-${r.acquiredAt}-${r.disposedAt}-${i}`} data-testid="gain-row">
                          <Table.Cell>{r.asset}</Table.Cell>
                          <Table.Cell>
                            <bdi>{formatAmount(r.amount, r.asset)}</bdi>
                          </Table.Cell>
                          <Table.Cell>{formatDate(r.acquiredAt)}</Table.Cell>
                          <Table.Cell>{formatDate(r.disposedAt)}</Table.Cell>
                          <Table.Cell>
                            <bdi>{formatUsd(r.proceedsUsd)}</bdi>
                          </Table.Cell>
                          <Table.Cell>
                            <bdi>{formatUsd(r.costUsd)}</bdi>
                          </Table.Cell>
                          <Table.Cell color={palette ? `${palette}.fg` : undefined}>
                            <bdi>{formatUsd(r.gainUsd)}</bdi>
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </ScrollingTable>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
