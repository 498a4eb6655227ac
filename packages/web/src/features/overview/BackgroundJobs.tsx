import { Badge, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TJobName, TJobStatus } from '@vestora/contract';
import { ErrorState } from '../../components/ui/states';
import { errorMessage, isClientError } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** The one place the background jobs are named for admins. */
export const JOB_WORDS: Record<TJobName, MessageDescriptor> = {
  payouts: msg`Interest payouts`,
  'account-statements': msg`Monthly account statements`,
  mail: msg`Mail sender`,
  'data-exports': msg`Data exports`,
  'session-purge': msg`Ended sessions purge`,
  'deposit-report-expiry': msg`Deposit report expiry`,
  'bitcoin-watcher': msg`Bitcoin watcher`,
  'bitcoin-payouts': msg`Crypto payout check`,
  'limit-orders': msg`Limit order check`,
  'recurring-buys': msg`Recurring buys`,
  'price-alerts': msg`Price alerts`,
  'kyc-retention': msg`Identity records retention`,
  'kyc-expiry': msg`Identity document expiry`,
  'reserves-monthly': msg`Monthly reserves publication`,
  'trade-quotes-prune': msg`Expired trade quotes cleanup`,
};

/** A tick runs now, on that instance. */
function RunningOn({ host }: { host: string }) {
  return (
    <Badge colorPalette="blue">
      <Trans>Running on {host}</Trans>
    </Badge>
  );
}

/** The jobs' table: last run, whether one runs now (and where), and the last error. */
export function BackgroundJobsView({ jobs }: { jobs: TJobStatus[] }) {
  const { t, i18n } = useLingui();
  if (jobs.length === 0)
    return (
      <Text color="fg.muted">
        <Trans>No background job has run yet.</Trans>
      </Text>
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>Job</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Last run</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Last error</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {jobs.map((j) => (
            <Table.Row key={j.name} data-testid={`job-${j.name}`}>
              <Table.Cell>
                <Stack gap="1" align="flex-start">
                  <Text>{i18n._(JOB_WORDS[j.name])}</Text>
                  {j.runningOn ? (
                    <RunningOn host={j.runningOn} />
                  ) : j.failing ? (
                    <Badge colorPalette="red">
                      <Trans>Last run failed</Trans>
                    </Badge>
                  ) : null}
                </Stack>
              </Table.Cell>
              <Table.Cell>{j.lastStartedAt ? formatDateTime(j.lastStartedAt) : t`Never`}</Table.Cell>
              <Table.Cell>
                {j.lastError ? (
                  <Stack gap="0.5">
                    <Text fontSize="sm" color={j.failing ? 'fg.error' : 'fg.muted'} wordBreak="break-word">
                      {j.lastError}
                    </Text>
                    {j.lastErrorAt ? (
                      <Text fontSize="xs" color="fg.muted">
                        {formatDateTime(j.lastErrorAt)}
                      </Text>
                    ) : null}
                  </Stack>
                ) : (
                  <Text color="fg.muted">{t`None`}</Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The Overview's "Background jobs" section (overview.jobs). */
export function BackgroundJobsPanel() {
  const { t } = useLingui();
  const jobs = trpc.overview.jobs.useQuery(undefined, {
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: (count, err) => !isClientError(err) && count < 2,
  });
  if (jobs.isPending) return null;
  return (
    <Stack as="section" aria-labelledby="jobs-title" gap="3">
      <Heading as="h2" id="jobs-title" size="lg">
        <Trans>Background jobs</Trans>
      </Heading>
      {jobs.data ? (
        <BackgroundJobsView jobs={jobs.data} />
      ) : (
        <ErrorState
          title={t`Could not load the background jobs`}
          description={errorMessage(jobs.error)}
          onRetry={() => void jobs.refetch()}
          retrying={jobs.isRefetching}
        />
      )}
    </Stack>
  );
}
