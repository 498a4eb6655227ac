import { Badge, Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState } from '../../components/ui/states';
import { errorMessage, isClientError } from '../../lib/errors';
import { formatDateTime, formatInteger } from '../../lib/format';
import { trpc } from '../../lib/trpc';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg.panel" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold">
        {formatInteger(value)}
      </Text>
    </Box>
  );
}

/** The Overview's "Recurring buys and price alerts" section (overview.automation, #31): counts and failures. */
export function AutomationPanel() {
  const { t } = useLingui();
  const q = trpc.overview.automation.useQuery(undefined, {
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: (count, err) => !isClientError(err) && count < 2,
  });
  if (q.isPending) return null;
  return (
    <Stack as="section" aria-labelledby="automation-title" gap="3">
      <Heading as="h2" id="automation-title" size="lg">
        <Trans>Recurring buys and price alerts</Trans>
      </Heading>
      {q.data ? (
        <>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
            <Count label={t`Recurring buys active`} value={q.data.recurringActive} testId="auto-active" />
            <Count label={t`Recurring buys paused`} value={q.data.recurringPaused} testId="auto-paused" />
            <Count label={t`Bought, last 7 days`} value={q.data.boughtLast7d} testId="auto-bought" />
            <Count label={t`Skipped, last 7 days`} value={q.data.skippedLast7d} testId="auto-skipped" />
            <Count label={t`Price alerts set`} value={q.data.alertsLive} testId="auto-alerts" />
            <Count label={t`Alerts fired, last 7 days`} value={q.data.alertsFiredLast7d} testId="auto-fired" />
          </SimpleGrid>
          {q.data.recentSkips.length > 0 ? (
            <Stack gap="1">
              <Text fontWeight="semibold">
                <Trans>Latest skipped periods</Trans>
              </Text>
              <Stack as="ul" gap="1" listStyleType="none" ms="0" data-testid="auto-skips">
                {q.data.recentSkips.map((s) => (
                  <Box as="li" key={`${s.recurringBuyId}-${s.period}`} fontSize="sm">
                    <Badge colorPalette="orange" me="2">
                      <bdi>{s.asset}</bdi>
                    </Badge>
                    <Text as="span" color="fg.muted">
                      {formatDateTime(s.at)}:{' '}
                    </Text>
                    <Text as="span" wordBreak="break-word">
                      {s.reason}
                    </Text>
                  </Box>
                ))}
              </Stack>
            </Stack>
          ) : (
            <Text color="fg.muted">
              <Trans>No period was skipped.</Trans>
            </Text>
          )}
        </>
      ) : (
        <ErrorState
          title={t`Could not load the recurring buys and alerts`}
          description={errorMessage(q.error)}
          onRetry={() => void q.refetch()}
          retrying={q.isRefetching}
        />
      )}
    </Stack>
  );
}
