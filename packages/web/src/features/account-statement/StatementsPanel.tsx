import { useEffect, useState } from 'react';
import { Box, Button, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuDownload, LuFileText } from 'react-icons/lu';
import type { TAccountStatementRow, TStatementFile, TStatementFileFormat } from '@vestora/contract';
import { intlLocale } from '../../i18n';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { downloadBase64File } from '../../lib/download';
import { toaster } from '../../components/ui/toaster';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { OptionSelect } from '../../components/ui/option-select';
import { summaryYears } from './summary-years';

/** `2025-03` as the reader says it: `March 2025`, `März 2025`, `مارس ٢٠٢٥`. */
function monthLabel(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number);
  if (!year || !monthIndex) return month;
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthIndex - 1, 1)),
  );
}

/** Asks the server for a file and hands it to the browser; says so when it could not. */
function useFileDownload() {
  const { t } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, fetchFile: () => Promise<TStatementFile>, what: string) => {
    setBusy(key);
    try {
      const file = await fetchFile();
      downloadBase64File(file.fileName, file.contentBase64, file.mime);
    } catch (err) {
      toaster.create({
        type: 'error',
        title: t`Could not download: ${what}`,
        description: errorMessage(err, t`Please try again in a moment.`),
      });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/**
 * Transactions → Statements: the monthly account statements the server has issued (PDF and CSV of each), and the
 * yearly summary of interest and referral rewards per plan for a chosen year.
 */
export function StatementsPanel() {
  const { t } = useLingui();
  const list = trpc.accountStatement.list.useQuery();
  const utils = trpc.useUtils();
  const { busy, run } = useFileDownload();

  const download = (s: TAccountStatementRow, format: TStatementFileFormat) => {
    const month = monthLabel(s.month);
    return run(
      `${s.id}:${format}`,
      () => utils.client.accountStatement.get.query({ id: s.id, format }),
      t`The ${month} statement`,
    );
  };
  const downloadLabel = (s: TAccountStatementRow, format: TStatementFileFormat) => {
    const month = monthLabel(s.month);
    const kind = format.toUpperCase();
    return t`Download the ${month} statement as ${kind}`;
  };

  return (
    <Stack gap="8" pt="4">
      <Stack gap="3">
        <Heading as="h2" size="md">
          <Trans>Monthly statements</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            On the first day of each month you get a statement for the month before: opening balance, every entry,
            closing balance and your open positions. A statement never changes once issued.
          </Trans>
        </Text>
        {list.isPending ? (
          <PageLoader label={t`Loading statements...`} minH="8rem" />
        ) : list.isError ? (
          <ErrorState
            description={errorMessage(list.error)}
            onRetry={() => void list.refetch()}
            retrying={list.isRefetching}
          />
        ) : list.data.length === 0 ? (
          <EmptyState
            icon={<LuFileText />}
            title={t`No statements yet`}
            description={t`Your first statement arrives on the first day of the month after your first deposit.`}
          />
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" minW="560px">
              <Table.Caption srOnly>
                <Trans>Your monthly statements, newest first</Trans>
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Month</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Opening balance</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Closing balance</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Issued</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Text srOnly>
                      <Trans>Downloads</Trans>
                    </Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.map((s) => (
                  <Table.Row key={s.id}>
                    <Table.Cell fontWeight="medium">{monthLabel(s.month)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(s.openingBalance)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(s.closingBalance)}</Table.Cell>
                    <Table.Cell>{formatDate(s.issuedAt)}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2" justify="flex-end">
                        {(['pdf', 'csv'] as const).map((format) => (
                          <Button
                            key={format}
                            size="xs"
                            variant="outline"
                            colorPalette="teal"
                            aria-label={downloadLabel(s, format)}
                            loading={busy === `${s.id}:${format}`}
                            onClick={() => void download(s, format)}
                          >
                            <LuDownload /> {format.toUpperCase()}
                          </Button>
                        ))}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
      <YearSummary oldestMonth={list.data?.at(-1)?.month} newestMonth={list.data?.[0]?.month} />
    </Stack>
  );
}

/** The yearly interest summary: a year picker and PDF / CSV downloads, opening on the year of the newest statement. */
function YearSummary({
  oldestMonth,
  newestMonth,
}: {
  oldestMonth: string | undefined;
  newestMonth: string | undefined;
}) {
  const { t } = useLingui();
  const { years, initial } = summaryYears(new Date().getUTCFullYear(), oldestMonth, newestMonth);
  const [year, setYear] = useState(initial);
  // The list arrives after the first render: open on its newest year once it is known (until the member picks one).
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (!picked) setYear(initial);
  }, [initial, picked]);
  const utils = trpc.useUtils();
  const { busy, run } = useFileDownload();

  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        <Trans>Yearly interest summary</Trans>
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        <Trans>Interest and referral rewards paid to you in a calendar year, per plan, for your tax records.</Trans>
      </Text>
      <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Box w={{ base: 'full', sm: '10rem' }}>
          <OptionSelect
            aria-label={t`Year of the summary`}
            value={year}
            onChange={(e) => {
              setPicked(true);
              setYear(e.currentTarget.value);
            }}
            options={years.map((y) => ({ value: y, label: y }))}
          />
        </Box>
        <HStack gap="2">
          {(['pdf', 'csv'] as const).map((format) => {
            const kind = format.toUpperCase();
            return (
              <Button
                key={format}
                variant="outline"
                colorPalette="teal"
                loading={busy === format}
                onClick={() =>
                  void run(
                    format,
                    () => utils.client.accountStatement.yearSummary.query({ year: Number(year), format }),
                    t`The ${year} summary`,
                  )
                }
              >
                <LuDownload />{' '}
                <Trans>
                  {year} summary ({kind})
                </Trans>
              </Button>
            );
          })}
        </HStack>
      </Flex>
    </Stack>
  );
}
